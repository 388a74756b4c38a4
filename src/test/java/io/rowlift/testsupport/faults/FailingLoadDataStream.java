package io.rowlift.testsupport.faults;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Supplier;

import com.mysql.cj.MysqlConnection;
import com.mysql.cj.NativeSession;
import com.mysql.cj.Query;
import com.mysql.cj.interceptors.QueryInterceptor;
import com.mysql.cj.log.Log;
import com.mysql.cj.protocol.Resultset;
import com.mysql.cj.protocol.ServerSession;
import com.mysql.cj.protocol.a.NativeProtocol;

/**
 * Test-only Connector/J query interceptor, set through the URL
 * ({@code ?queryInterceptors=io.rowlift.testsupport.faults.FailingLoadDataStream}): the stream of each
 * {@code LOAD DATA LOCAL} statement throws an {@code ArrayIndexOutOfBoundsException} of its own (an
 * {@code arraycopy} past a buffer's end, as {@code TsvRows} once did) after its first 1,000 bytes, inside
 * the driver's call that sends the stream to the server: a bug in Rowlift's code that the driver reports
 * as a communications failure.
 */
public class FailingLoadDataStream implements QueryInterceptor {

	/** Bytes read before the stream fails. */
	static final int FAIL_AFTER = 1_000;

	private MysqlConnection connection;

	@Override
	public QueryInterceptor init(MysqlConnection connection, Properties properties, Log log) {
		this.connection = connection; // its session is made after the interceptors
		return this;
	}

	@Override
	public <T extends Resultset> T preProcess(Supplier<String> sql, Query interceptedQuery) {
		String text = sql == null ? null : sql.get();
		NativeProtocol protocol = ((NativeSession) this.connection.getSession()).getProtocol();
		if (text != null && text.toUpperCase(Locale.ROOT).contains("LOAD DATA") && protocol.getLocalInfileInputStream() != null) {
			protocol.setLocalInfileInputStream(new Failing(protocol.getLocalInfileInputStream()));
		}
		return null;
	}

	@Override
	public boolean executeTopLevelOnly() {
		return false;
	}

	@Override
	public void destroy() {
	}

	@Override
	public <T extends Resultset> T postProcess(Supplier<String> sql, Query interceptedQuery, T originalResultSet,
			ServerSession serverSession) {
		return null;
	}

	private static final class Failing extends FilterInputStream {

		private long read;

		Failing(InputStream in) {
			super(in);
		}

		@Override
		public int read(byte[] b, int off, int len) throws IOException {
			if (this.read + len > FAIL_AFTER) {
				System.arraycopy(b, 0, new byte[len], 1, len); // one past the end: the bug
			}
			int n = super.read(b, off, len);
			this.read += Math.max(0, n);
			return n;
		}

	}

}
