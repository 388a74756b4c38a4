package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import io.rowlift.database.LoadMode;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;
import io.rowlift.database.TargetMode;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.sort.KeyOrder;
import io.rowlift.sort.KeyOrderChoice;

/**
 * {@link StoredPlanWriter} and {@link StoredPlanReader} against Jackson's object mapper, which wrote and read every plan stored before it
 * (configured as it was: unknown properties ignored): the same text written, and each reads the other's
 * text to the same plan. Plans are generated with every field null or set, text with quotes, controls and
 * characters outside the BMP, and input states of every kind of value a format stores.
 */
class StoredPlanJsonTests {

	/**
	 * The reference: the mapper the stored plan ({@link MapperForm}) used until it had a codec of its own. The write
	 * method was an enum then, which the mapper wrote as its name ({@code LOAD_DATA}): it is told to write the class that took its
	 * place the same way (by {@code toString}, the name; it reads it with {@code WriteMethod.valueOf} unasked).
	 */
	private static final JsonMapper MAPPER = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.addModule(new tools.jackson.databind.module.SimpleModule().addSerializer(WriteMethod.class,
				tools.jackson.databind.ser.std.ToStringSerializer.instance))
		.build();

	/**
	 * The record the object mapper wrote and read plans as, {@code StoredPlan}, before it and the run's plan became
	 * one {@link RunPlan}: its components are the JSON's fields, in their order.
	 */
	record MapperForm(int version, String loadKey, String fingerprint, String started, String file, String display,
			StoredParts.Input input, StoredParts.Mapping mapping, StoredParts.Values values, Sizing sizing, WriteChoice write,
			KeyOrderChoice keyOrder, String sortDir, PipelineChoice pipeline, TargetMode target, Map<String, String> settings,
			LoadSql sql) {

		static MapperForm of(RunPlan plan) {
			return new MapperForm(plan.version(), plan.loadKey(), plan.fingerprint(), plan.started(), plan.storedFile(),
					plan.displayName(), plan.storedInput(), plan.storedMapping(), plan.storedValues(), plan.sizing(), plan.write(),
					plan.keyOrder(), plan.storedSortDir(), plan.pipeline(), plan.target(), plan.settings(), plan.sql());
		}

		RunPlan plan() {
			return new RunPlan(this.version, this.loadKey, this.fingerprint, this.started, this.file, this.display, this.input,
					this.mapping, this.values, this.sizing, this.write, this.keyOrder, this.sortDir, this.pipeline, this.target,
					this.settings, this.sql);
		}

	}

	@Property(tries = 300)
	void writesWhatTheObjectMapperWroteAndEachReadsTheOthersText(@ForAll("plans") MapperForm form) {
		String mine = StoredPlanWriter.write(form.plan());
		String reference = MAPPER.writeValueAsString(form);
		assertThat(mine).isEqualTo(reference);
		RunPlan read = StoredPlanReader.read(reference);
		assertThat(StoredPlanWriter.write(read)).isEqualTo(reference);
		assertThat(MapperForm.of(read)).usingRecursiveComparison().isEqualTo(MAPPER.readValue(reference, MapperForm.class));
	}

	@Test
	void aStoredPlanOfTheDocumentedShapeReadsBackWithItsInputStateTypedAsTheMapperTypedIt() {
		// a plan as a load of session 15 stored it, with an unknown field and a column's derived "text"
		String stored = """
				{"version":1,"loadKey":"people <- /tmp/people.csv","fingerprint":"305029:1796302303272:7c162fe",\
				"started":"2026-12-03T12:51:49.515925773Z","file":"/tmp/people.csv","display":"people.csv",\
				"input":{"format":"csv","state":{"delimiter":44,"quote":34,"escape":-1,"header":true,"nullValue":null,\
				"names":["id","name"],"dataStart":"39","big":4294967296,"huge":123456789012345678901234567890,"ratio":0.5}},\
				"mapping":{"table":{"name":"people","columns":[{"name":"id","jdbcType":4,"typeName":"INTEGER","size":2000000000,\
				"scale":0,"nullable":true,"hasDefault":false,"text":false}],"primaryKey":["id"]},"columns":["id"],"fields":[0],\
				"fieldCount":2,"names":null,"expressions":null,"compressed":null,"filter":null,"later":{"a":[1,{"b":2}]}},\
				"values":{"charset":"UTF-8","date":null,"time":null,"timestamp":null,"zone":"UTC"},\
				"sizing":{"partitions":1,"partitionsReason":"default","threads":1,"chunkSize":10000,"chunkSizeReason":"default"},\
				"write":{"method":"INSERT_SELECT","reason":"the default"},"keyOrder":{"order":"FILE","reason":"sampled"},\
				"sortDir":null,"pipeline":{"pipeline":"FAST","reason":"default"},"target":{"mode":"APPEND","upsertKey":null},\
				"settings":{"rowlift.source.header":"true"},"sql":{"before":[],"after":[]}}""";
		RunPlan plan = StoredPlanReader.read(stored);
		assertThat(MapperForm.of(plan)).usingRecursiveComparison().isEqualTo(MAPPER.readValue(stored, MapperForm.class));
		Map<String, Object> state = plan.storedInput().state();
		assertThat(state.get("delimiter")).isEqualTo(44);
		assertThat(state.get("big")).isEqualTo(4294967296L);
		assertThat(state.get("huge")).isEqualTo(new BigInteger("123456789012345678901234567890"));
		assertThat(state.get("ratio")).isEqualTo(0.5);
		assertThat(state).containsEntry("nullValue", null);
		assertThat(plan.storedMapping().table().columns().get(0).nullable()).isTrue();
	}

	@Test
	void aPlanWithOnlyItsVersionReadsWithEverythingElseAbsent() {
		RunPlan plan = StoredPlanReader.read("{\"version\":1}");
		assertThat(MapperForm.of(plan)).usingRecursiveComparison().isEqualTo(MAPPER.readValue("{\"version\":1}", MapperForm.class));
		assertThat(plan.storedMapping()).isNull();
		assertThat(plan.sql()).isNull();
	}

	@Test
	void textThatIsNoPlanIsRefusedWithThePlace() {
		assertThatIllegalStateException().isThrownBy(() -> StoredPlanReader.read("[1]"))
			.withMessageStartingWith("the plan stored with the run has START_ARRAY where START_OBJECT belongs, at ");
		assertThatIllegalStateException().isThrownBy(() -> StoredPlanReader.read("{\"version\":\"one\"}"))
			.withMessageContaining("VALUE_STRING where VALUE_NUMBER_INT belongs");
		assertThatIllegalStateException().isThrownBy(() -> StoredPlanReader.read("{\"version\":1,"))
			.withMessageStartingWith("the plan stored with the run is not valid JSON: ");
	}

	@Provide
	Arbitrary<MapperForm> plans() {
		Arbitrary<String> text = text();
		Arbitrary<StoredParts.Input> input = Combinators.combine(text, state()).as(StoredParts.Input::new).injectNull(0.1);
		Arbitrary<StoredParts.Values> values = Combinators.combine(text, text, text, text, text).as(StoredParts.Values::new)
			.injectNull(0.1);
		Arbitrary<Sizing> sizing = Combinators.combine(Arbitraries.integers(), text, Arbitraries.integers(), Arbitraries.integers(), text)
			.as(Sizing::new)
			.injectNull(0.1);
		Arbitrary<WriteChoice> write = Combinators.combine(Arbitraries.of(WriteMethod.AUTO, WriteMethod.INSERT, WriteMethod.valueOf("load-data"), WriteMethod.valueOf("insert-select"),
				WriteMethod.valueOf("insert-direct")).injectNull(0.1), text)
			.as(WriteChoice::new)
			.injectNull(0.1);
		Arbitrary<KeyOrderChoice> keyOrder = Combinators.combine(Arbitraries.of(KeyOrder.class).injectNull(0.1), text)
			.as(KeyOrderChoice::new)
			.injectNull(0.1);
		Arbitrary<PipelineChoice> pipeline = Combinators.combine(Arbitraries.of(Pipeline.class).injectNull(0.1), text)
			.as(PipelineChoice::new)
			.injectNull(0.1);
		Arbitrary<TargetMode> target = Combinators.combine(Arbitraries.of(LoadMode.class).injectNull(0.1), text)
			.as(TargetMode::new)
			.injectNull(0.1);
		Arbitrary<Map<String, String>> settings = Arbitraries.maps(text.filter(t -> t != null), text)
			.ofMaxSize(6)
			.map(m -> (Map<String, String>) new TreeMap<>(m))
			.injectNull(0.1);
		// LoadSql's statements are never null (its constructor copies them)
		Arbitrary<List<String>> statements = text().filter(t -> t != null).list().ofMaxSize(3);
		Arbitrary<LoadSql> sql = Combinators.combine(statements.injectNull(0.2), statements).as(LoadSql::new).injectNull(0.1);
		Arbitrary<String[]> heads = Combinators.combine(text, text, text, text, text, text)
			.as((a, b, c, d, e, f) -> new String[] { a, b, c, d, e, f });
		Arbitrary<Object[]> tail = Combinators.combine(keyOrder, text, pipeline, target, settings, sql)
			.as((k, s, p, t, m, q) -> new Object[] { k, s, p, t, m, q });
		return Combinators.combine(Arbitraries.integers().between(0, 3), heads, input, mapping(), values, sizing, write, tail)
			.as((version, h, in, map, val, size, w, t) -> new MapperForm(version, h[0], h[1], h[2], h[3], h[4], in, map, val,
					size, w, (KeyOrderChoice) t[0], (String) t[1], (PipelineChoice) t[2], (TargetMode) t[3], cast(t[4]),
					(LoadSql) t[5]));
	}

	@SuppressWarnings("unchecked")
	private static Map<String, String> cast(Object map) {
		return (Map<String, String>) map;
	}

	private static Arbitrary<StoredParts.Mapping> mapping() {
		Arbitrary<String> text = text();
		Arbitrary<TableColumn> column = Combinators
			.combine(text, Arbitraries.integers().between(-7, 2014), text, Arbitraries.integers(), Arbitraries.integers(),
					Arbitraries.of(true, false), Arbitraries.of(true, false))
			.as(TableColumn::new);
		Arbitrary<TableInfo> table = Combinators.combine(text, column.list().ofMaxSize(4).injectNull(0.1), texts())
			.as(TableInfo::new)
			.injectNull(0.1);
		Arbitrary<int[]> fields = Arbitraries.integers().between(-1, 40).array(int[].class).ofMaxSize(12).injectNull(0.1);
		Arbitrary<StoredParts.Compressed> compressed = Combinators
			.combine(text, Arbitraries.integers(), Arbitraries.integers().between(-5, 22), texts())
			.as(StoredParts.Compressed::new)
			.injectNull(0.3);
		return Combinators.combine(table, texts(), fields, Arbitraries.integers().between(0, 1000), texts(), texts(), compressed, text)
			.as(StoredParts.Mapping::new)
			.injectNull(0.1);
	}

	/** Text of every kind a plan may hold, null included. */
	private static Arbitrary<String> text() {
		return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(12),
				Arbitraries.strings().withChars("\"\\/\u0000\u001f\u007f\n\r\té€").ofMaxLength(6),
				Arbitraries.strings().withCharRange('\ud800', '\udfff').ofMaxLength(2).map(s -> "\ud83d\ude00" + s.length()),
				Arbitraries.just(""))
			.injectNull(0.15);
	}

	private static Arbitrary<List<String>> texts() {
		return text().list().ofMaxSize(4).map(l -> (List<String>) new ArrayList<>(l)).injectNull(0.15);
	}

	/** An input's state: what the formats store (text, ints, flags, null, lists of names) and numbers of every size. */
	private static Arbitrary<Map<String, Object>> state() {
		Arbitrary<Object> scalar = Arbitraries.oneOf(text().map(t -> (Object) t), Arbitraries.integers().map(i -> (Object) i),
				Arbitraries.longs().greaterOrEqual(1L << 33).map(l -> (Object) l),
				Arbitraries.bigIntegers().between(BigInteger.ONE.shiftLeft(70), BigInteger.ONE.shiftLeft(90)).map(b -> (Object) b),
				Arbitraries.doubles().between(-1e9, 1e9).map(d -> (Object) d), Arbitraries.of(true, false).map(b -> (Object) b));
		Arbitrary<Object> value = Arbitraries.oneOf(scalar, texts().map(l -> (Object) l),
				Arbitraries.maps(Arbitraries.strings().ofMaxLength(4), scalar).ofMaxSize(3).map(m -> (Object) new LinkedHashMap<>(m)));
		return Arbitraries.maps(Arbitraries.strings().ofMaxLength(10), value)
			.ofMaxSize(8)
			.map(m -> (Map<String, Object>) new LinkedHashMap<>(m))
			.injectNull(0.1);
	}

}
