/**
 * The command line: verbs, exit codes, messages.
 */
package io.rowlift.cli;
