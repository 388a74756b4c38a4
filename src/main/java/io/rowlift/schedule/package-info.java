/**
 * Scheduled runs: a service that watches an inbox on a schedule and loads each complete file once,
 * announcing what it did as {@link io.rowlift.schedule.InboxEvent}s.
 */
package io.rowlift.schedule;
