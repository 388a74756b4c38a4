package io.rowlift.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.info.Info;
import org.springframework.mock.env.MockEnvironment;

import io.rowlift.schedule.ServiceMode;

/**
 * Tests for {@link RowliftInfoContributor}: what {@code /actuator/info} tells, and that no credential is in it.
 */
class RowliftInfoContributorTests {

	@Test
	void tellsTheDatabaseKindInboxAndScheduleWithoutCredentials() {
		MockEnvironment environment = new MockEnvironment()
			.withProperty("spring.datasource.url", "jdbc:mysql://loader:s3cret@db.example:3306/rowlift?password=s3cret")
			.withProperty("spring.datasource.password", "s3cret")
			.withProperty("rowlift.source.path", "/srv/inbox/*.csv")
			.withProperty("rowlift.target.table", "sales")
			.withProperty(ServiceMode.CRON, "0 */5 * * * *");
		Info.Builder builder = new Info.Builder();
		new RowliftInfoContributor(environment).contribute(builder);
		Map<String, Object> info = builder.build().getDetails();
		assertThat(info.toString()).doesNotContain("s3cret").doesNotContain("loader");
		assertThat(info).containsEntry("rowlift", Map.of("version", "development",
				"target", Map.of("database", "mysql", "url", "jdbc:mysql://***@db.example:3306/rowlift?...", "table", "sales"),
				"inbox", Map.of("path", "/srv/inbox/*.csv"), "schedule", Map.of("cron", "0 */5 * * * *")));
	}

}
