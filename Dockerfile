# Rowlift's image built by a Docker engine: the same image as `mvn -B -DskipTests -Pimage package`
# (src/image/build.sh, which needs no engine: README "Container image"), on eclipse-temurin instead of a
# jlinked runtime. Not built here (no engine on the machine it was written on); build.sh's image is the tested one.
#
# The jar is built by Maven first, outside Docker, then copied in:
#     mvn -B -DskipTests package          # -> target/rowlift.jar
#     docker build -t rowlift:0.1.0-SNAPSHOT .
#
# Stage 1 unpacks the jar with Boot's tools mode (/app/lib: the dependencies, a layer that changes rarely;
# /app/rowlift.jar: Rowlift's own classes); the unpacked jar starts faster than the fat jar (no nested
# jars to open). Stage 2 is the runtime image with a class-data sharing archive (/app/rowlift.jsa) made by
# bin/rowlift's training load, run by the image's own java and user.
FROM eclipse-temurin:17-jre AS extract
COPY target/rowlift.jar /build/rowlift.jar
RUN java -Djarmode=tools -jar /build/rowlift.jar extract --destination /app && mkdir /app/ext

FROM eclipse-temurin:17-jre
# a user of its own, not root; docker-compose.yml runs it with the uid that owns the inbox folder
RUN useradd --system --uid 10001 --user-group --home-dir /home/rowlift --create-home rowlift \
    && mkdir /data && chown 10001:10001 /data
# least changing first
COPY --from=extract /app/lib/ /app/lib/
COPY --from=extract /app/ext/ /app/ext/
COPY --from=extract /app/rowlift.jar /app/rowlift.jar
COPY --chown=10001:10001 src/image/train/ /tmp/train/
USER 10001:10001
# the start cache: classes archived at the exit of a 3-row load (as src/image/build.sh makes it)
RUN cd /tmp/train && java -XX:ArchiveClassesAtExit=/tmp/train/rowlift.jsa -XX:MaxRAMPercentage=50 \
        -cp '/app/rowlift.jar:/app/ext/*' io.rowlift.RowliftApplication \
        --spring.datasource.url=jdbc:sqlite:/tmp/train/train.db '--spring.flyway.locations=filesystem:/tmp/train/db/{vendor}' \
        --rowlift.source.path=/tmp/train/train.csv --rowlift.target.table=train >/dev/null 2>&1
USER root
RUN mv /tmp/train/rowlift.jsa /app/rowlift.jsa && chown 0:0 /app/rowlift.jsa && rm -rf /tmp/train
USER 10001:10001
# Actuator's port in service mode (management.server.port); a one-shot load listens on nothing
EXPOSE 8081
# the working folder is /data: mount your folder there and run it as you run bin/rowlift in that folder
# (relative paths, ./config/*.yml, the default migrations folder config/db/migration/{vendor});
# extension jars (what LOADER_PATH names for bin/rowlift) mounted at /app/ext join the classpath.
# The heap is half the container's memory limit (JAVA_TOOL_OPTIONS=-Xmx1g sets it instead). The JVM is
# PID 1's only process and gets SIGTERM (docker stop) directly: a running load stops at a chunk
# boundary and resumes on the next start; give it time (stop_grace_period, terminationGracePeriodSeconds).
WORKDIR /data
ENTRYPOINT ["java", "-XX:SharedArchiveFile=/app/rowlift.jsa", "-Xlog:cds=off", "-Xlog:cds+dynamic=off", \
    "-XX:MaxRAMPercentage=50", "-cp", "/app/rowlift.jar:/app/ext/*", "io.rowlift.RowliftApplication"]
