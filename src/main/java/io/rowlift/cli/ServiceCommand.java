package io.rowlift.cli;

import io.rowlift.schedule.InboxService;

/**
 * The {@code load} verb in service mode ({@code rowlift.schedule.cron} or {@code fixed-delay} set):
 * runs the {@link InboxService} until a stop and returns its exit code (0, 1 when it stopped a load,
 * 2 for settings that make no sense in service mode). The service itself knows no command line.
 */
final class ServiceCommand implements Verb {

	private final InboxService service;

	ServiceCommand(InboxService service) {
		this.service = service;
	}

	@Override
	public int run() {
		return this.service.run();
	}

}
