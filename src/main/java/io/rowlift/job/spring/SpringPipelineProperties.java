package io.rowlift.job.spring;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the spring pipeline ({@code rowlift.job.spring.*}).
 *
 * @param sql the INSERT the {@code JdbcBatchItemWriter} runs, with named parameters ({@code :name})
 * filled from each item: a {@code Map}'s keys, else the item's bean properties (or a user
 * {@code ItemSqlParameterSourceProvider} bean); default: the mapping's own INSERT of the columns the
 * file fills, with positional parameters bound from the default mapper's column map
 */
@ConfigurationProperties("rowlift.job.spring")
public record SpringPipelineProperties(String sql) {
}
