/**
 * Classes that keep a rule of {@code Boundaries} in a way the rule allows, under a root of their own, so that
 * {@code ArchitectureTests} can show that the rule lets them through. Never used.
 */
package io.rowlift.architecture.good;
