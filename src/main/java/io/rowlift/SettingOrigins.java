package io.rowlift;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;

import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.PropertySourceOrigin;
import org.springframework.boot.origin.SystemEnvironmentOrigin;
import org.springframework.boot.origin.TextResourceOrigin;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.Resource;

/**
 * Says where a setting came from, for messages that name it: {@code examples/people/application.yml:13},
 * {@code the command line (--rowlift.job.partition=4)}, {@code environment variable ROWLIFT_JOB_PARTITION},
 * {@code Java system property -Dkey}. Never includes the value of a setting (it may be a password).
 * Stateless.
 */
public final class SettingOrigins {

	/** Boot's name of the command line's property source. */
	private static final String COMMAND_LINE = "commandLineArgs";

	private SettingOrigins() {
	}

	/**
	 * Where {@code name} is set with the highest precedence, or {@code "(not set)"}.
	 *
	 * @param name a property name such as {@code spring.datasource.url}
	 */
	public static String of(Environment environment, String name) {
		ConfigurationPropertyName key = ConfigurationPropertyName.of(name);
		for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
			ConfigurationProperty property = source.getConfigurationProperty(key);
			if (property != null) {
				return describe(source, property);
			}
		}
		return "(not set)";
	}

	/**
	 * Whether {@code name} has Rowlift's built-in value: the property source that sets it with the highest
	 * precedence is Rowlift's own application*.yml on the class path (or nothing sets it).
	 */
	public static boolean isBuiltIn(Environment environment, String name) {
		if (environment instanceof org.springframework.core.env.ConfigurableEnvironment configurable) {
			for (PropertySource<?> source : configurable.getPropertySources()) {
				if (!"configurationProperties".equals(source.getName()) && source.containsProperty(name)) {
					return source.getName().contains("class path resource [application");
				}
			}
		}
		return true;
	}

	/** Where {@code property} of {@code source} came from. */
	public static String describe(ConfigurationPropertySource source, ConfigurationProperty property) {
		Origin origin = property.getOrigin();
		for (Origin o = origin; o != null; o = o.getParent()) {
			Origin inner = o instanceof PropertySourceOrigin ps && ps.getOrigin() != null ? ps.getOrigin() : o;
			if (inner instanceof SystemEnvironmentOrigin env) {
				return "environment variable " + env.getProperty();
			}
			if (inner instanceof TextResourceOrigin text && text.getResource() != null) {
				String file = file(text.getResource());
				return text.getLocation() == null ? file : file + ":" + (text.getLocation().getLine() + 1);
			}
			if (o instanceof PropertySourceOrigin ps) {
				String sourceName = ps.getPropertySource().getName();
				if (COMMAND_LINE.equals(sourceName)) {
					return "the command line (--" + ps.getPropertyName() + ")";
				}
				if ("systemProperties".equals(sourceName)) {
					return "Java system property -D" + ps.getPropertyName();
				}
				return "property source '" + sourceName + "' (" + ps.getPropertyName() + ")";
			}
		}
		Object underlying = source.getUnderlyingSource();
		String sourceName = underlying instanceof PropertySource<?> ps ? ps.getName() : String.valueOf(underlying);
		return COMMAND_LINE.equals(sourceName) ? "the command line" : "property source '" + sourceName + "'";
	}

	/** A file as the operator would name it: relative to the working folder when it is under it. */
	private static String file(Resource resource) {
		try {
			if (resource.isFile()) {
				File file = resource.getFile();
				Path absolute = file.toPath().toAbsolutePath().normalize();
				Path here = Path.of("").toAbsolutePath();
				return absolute.startsWith(here) ? here.relativize(absolute).toString() : absolute.toString();
			}
		}
		catch (IOException | RuntimeException ex) {
			// not a plain file: its description names it
		}
		return resource.getDescription();
	}

}
