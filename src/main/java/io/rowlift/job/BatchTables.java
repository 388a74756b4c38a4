package io.rowlift.job;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where Spring Batch's job repository is ({@code spring.batch.jdbc.*}), for the readers of earlier runs, bound as
 * Boot binds it, so that nothing in the job reads the {@code Environment} (issue #35).
 *
 * @param tablePrefix {@code spring.batch.jdbc.table-prefix} (default {@code BATCH_})
 */
@ConfigurationProperties("spring.batch.jdbc")
public record BatchTables(@DefaultValue("BATCH_") String tablePrefix) {
}
