/**
 * Scale-out over several machines ({@code rowlift.cluster.role=manager|worker}, docs/cluster.md): Spring
 * Batch Integration's remote partitioning over RabbitMQ, the job repository shared in the MySQL target.
 * The manager plans and finishes a load as a local run does and sends its partitions to the workers
 * ({@link io.rowlift.cluster.ManagerPartitions}); a worker runs the same partition step against the plan
 * stored with the run ({@link io.rowlift.cluster.ClusterWorker}). An entry point: above the load service,
 * beside the command line and the scheduled service; nothing below it knows it.
 */
package io.rowlift.cluster;
