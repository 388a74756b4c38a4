package io.rowlift.source;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The member or frame starts a decompressor passed, and the one at or before a saved offset. */
class FrameStartsTests {

	@Test
	void theLastStartAtOrBeforeAnOffsetIsFoundAndThoseBeforeItForgotten() {
		FrameStarts starts = new FrameStarts();
		starts.add(new FrameStart(0, 0));
		starts.add(new FrameStart(100, 1000));
		starts.add(new FrameStart(200, 2000));
		starts.add(new FrameStart(150, 2000)); // not after the last: ignored

		assertThat(starts.peekAtOrBefore(1999)).isEqualTo(new FrameStart(100, 1000));
		assertThat(starts.atOrBefore(999)).isEqualTo(new FrameStart(0, 0));
		assertThat(starts.atOrBefore(2000)).isEqualTo(new FrameStart(200, 2000));
		assertThat(starts.atOrBefore(1500)).as("forgotten: a saved offset does not go back").isNull();
		assertThat(starts.atOrBefore(5000)).isEqualTo(new FrameStart(200, 2000));
	}

	@Test
	void atMostKeptStartsAreKeptTheOldestGoFirst() {
		FrameStarts starts = new FrameStarts();
		for (int i = 0; i < FrameStarts.KEPT + 10; i++) {
			starts.add(new FrameStart(i * 10L, i * 100L));
		}
		assertThat(starts.peekAtOrBefore(905)).as("among the 10 oldest, gone").isNull();
		assertThat(starts.peekAtOrBefore(1000)).isEqualTo(new FrameStart(100, 1000));
	}

}
