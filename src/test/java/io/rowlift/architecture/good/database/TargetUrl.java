package io.rowlift.architecture.good.database;

/** Keeps the rule: a plain class takes its setting as a value, which a {@code @Configuration} class handed it. */
public record TargetUrl(String url) {
}
