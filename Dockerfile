# Rowlift's image: the service (docs/observability.md) or one-shot loads (examples/kubernetes/).
#
# The jar is built by Maven first, outside Docker, then copied in:
#     mvn -B -DskipTests package          # -> target/rowlift.jar
#     docker build -t rowlift .
#
# Stage 1 unpacks the jar with Boot's tools mode into its layers (dependencies change rarely, the
# application on every build), so a rebuilt image re-sends only the last, small layer; the unpacked
# jar also starts faster than the fat jar (no nested jars to open). Stage 2 is the runtime image.
FROM eclipse-temurin:17-jre AS extract
WORKDIR /build
COPY target/rowlift.jar rowlift.jar
RUN java -Djarmode=tools -jar rowlift.jar extract --layers --destination extracted

FROM eclipse-temurin:17-jre
# a user of its own, not root; docker-compose.yml runs it with the uid that owns the inbox folder
RUN useradd --system --uid 10001 --user-group --home-dir /app --no-create-home rowlift
WORKDIR /app
# one COPY per layer, least changing first (the loader and snapshot layers are empty for this jar)
COPY --from=extract /build/extracted/dependencies/ ./
COPY --from=extract /build/extracted/spring-boot-loader/ ./
COPY --from=extract /build/extracted/snapshot-dependencies/ ./
COPY --from=extract /build/extracted/application/ ./
USER 10001:10001
# Actuator's port in service mode (management.server.port); a one-shot load listens on nothing
EXPOSE 8081
# the working folder is /app: ./config/*.yml and the default migrations folder
# (config/db/migration/{vendor}) are read from there, so mount your config/ at /app/config.
# The heap is half the container's memory limit (JAVA_TOOL_OPTIONS=-Xmx1g sets it instead). The JVM is
# PID 1's only process and gets SIGTERM (docker stop) directly: a running load stops at a chunk
# boundary and resumes on the next start; give it time (stop_grace_period, terminationGracePeriodSeconds).
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=50", "-jar", "rowlift.jar"]
