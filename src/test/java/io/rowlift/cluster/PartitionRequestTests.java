package io.rowlift.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PartitionRequestTests {

	@Test
	void aRequestReadsBackAsSent() {
		PartitionRequest sent = new PartitionRequest(42, "loadWorker", "/data/a b=c.csv", "12:34:ff", "m:1");
		assertThat(PartitionRequest.parse(sent.text())).isEqualTo(sent);
	}

	@Test
	void aMessageWithoutTheFileIsRefusedNamingIt() {
		assertThatThrownBy(() -> PartitionRequest.parse("step-execution=1\nstep=loadWorker\nfingerprint=1:2:3\n"))
			.hasMessageStartingWith("a partition request without 'file'");
	}

}
