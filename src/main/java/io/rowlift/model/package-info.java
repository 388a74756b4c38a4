/**
 * The shared vocabulary between reading and writing: a raw record of bytes and where it came from.
 */
package io.rowlift.model;
