/**
 * Observability of the scheduled service: Spring Boot Actuator's health, info and Prometheus metrics,
 * fed by the service's {@link io.rowlift.schedule.InboxEvent}s and by Spring Batch's own Micrometer
 * observations. On in service mode only ({@link io.rowlift.schedule.ServiceMode}): a one-shot load
 * starts no management server, no endpoint and no meter registry ({@link io.rowlift.observe.ServiceModeFilter}).
 */
package io.rowlift.observe;
