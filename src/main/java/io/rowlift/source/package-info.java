/**
 * Reading the input: the input format seam ({@link io.rowlift.source.InputFormat}, {@link io.rowlift.source.InputSource},
 * {@link io.rowlift.source.UnitReader}, the registry {@link io.rowlift.source.InputFormats}), what every format shares
 * (the settings, the read-ahead, the file's fingerprint), and each format in a package of its own ({@code source.csv}).
 */
package io.rowlift.source;
