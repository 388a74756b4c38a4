package io.rowlift.architecture;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.Set;

import com.tngtech.archunit.core.domain.JavaClass;

/**
 * The string constants of a compiled class: the {@code CONSTANT_String} entries of its constant pool, which
 * hold every string literal of its code ({@code "LOAD_DATA"}, the cases of a {@code switch} on a string,
 * the recipes of a concatenation). ArchUnit models calls and field accesses but not literals; a rule that a
 * class must not spell a value reads them here. Java 17 has no class-file API, so this walks the pool itself
 * (JVMS 4.4).
 */
final class StringConstants {

	private StringConstants() {
	}

	/**
	 * The string constants of {@code type}'s own class file (not of its nested classes, which have theirs).
	 * @throws UncheckedIOException when the class file cannot be read
	 * @throws IllegalStateException when ArchUnit knows no class file for it, or the pool holds a tag of a later Java
	 */
	static Set<String> of(JavaClass type) {
		var source = type.getSource()
			.orElseThrow(() -> new IllegalStateException(type.getName() + " has no class file to read its constants from"));
		try (InputStream in = source.getUri().toURL().openStream()) {
			return of(in.readAllBytes());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the class file of " + type.getName() + " at " + source.getUri(), ex);
		}
	}

	/** The string constants of one class file, in pool order. */
	static Set<String> of(byte[] classFile) throws IOException {
		DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
		in.readInt(); // magic
		in.readUnsignedShort(); // minor version
		in.readUnsignedShort(); // major version
		int count = in.readUnsignedShort();
		String[] utf8 = new String[count];
		int[] strings = new int[count]; // the Utf8 index of each CONSTANT_String, 0 elsewhere
		for (int i = 1; i < count; i++) {
			int tag = in.readUnsignedByte();
			switch (tag) {
				case 1 -> utf8[i] = in.readUTF(); // modified UTF-8 with a two-byte length, as DataInput reads it
				case 8 -> strings[i] = in.readUnsignedShort();
				case 7, 16, 19, 20 -> in.skipNBytes(2); // Class, MethodType, Module, Package
				case 15 -> in.skipNBytes(3); // MethodHandle
				case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4); // Integer, Float, refs, NameAndType, (Invoke)Dynamic
				case 5, 6 -> { // Long and Double take two entries
					in.skipNBytes(8);
					i++;
				}
				default -> throw new IllegalStateException("constant pool tag " + tag + " at entry " + i
						+ " is not one of Java 17's: teach StringConstants the newer class-file version");
			}
		}
		Set<String> constants = new LinkedHashSet<>();
		for (int i = 1; i < count; i++) {
			if (strings[i] != 0) {
				constants.add(utf8[strings[i]]);
			}
		}
		return constants;
	}

}
