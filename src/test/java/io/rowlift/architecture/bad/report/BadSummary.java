package io.rowlift.architecture.bad.report;

/** Breaks: generic code spells no vendor's write method (this summary switches on MySQL's by its stored name). */
public class BadSummary {

	public String writes(String writeMethod) {
		return switch (writeMethod) {
			case "LOAD_DATA" -> "LOAD DATA LOCAL streams";
			default -> "INSERT batches";
		};
	}

}
