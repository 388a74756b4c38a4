/**
 * Classes that break every rule of {@code Boundaries} on purpose, under a root of their own, so that
 * {@code ArchitectureTests} can show each rule fails when its boundary is crossed. Never used.
 */
package io.rowlift.architecture.bad;
