// One connection as the server holds it, from its accept to its close: a
// place among those logging in (or none, and it is dropped before a byte of
// SSH), then, logged in, a place among those logged in; ended at once before
// login, gracefully after; and one line in the log when it closes.
import type {Socket} from 'node:net';
import type {Connection} from 'ssh2';
import {cleanLine} from '../text/sanitize.js';
import {addressGroups} from './address-groups.js';
import {CLOSE_WAIT_MS, type ConnectionContext, type ConnectionRecord, serveConnection} from './connection.js';
import type {LogSummary} from './log-summary.js';
import type {PreLoginPool} from './pre-login.js';
import type {SessionLimits} from './session-limits.js';

/** After ending a logged-in connection gracefully, how long before its socket is closed whatever the client does. */
const FORCE_CLOSE_MS = CLOSE_WAIT_MS + 1000;

/** What every connection is held to, and where its line goes. */
export type Holding = {
	preLogin: PreLoginPool<ConnectionRecord>;
	loggedIn: SessionLimits;
	loginMs: number;
	summary: LogSummary;
};

const kilobytes = (bytes: number) => (bytes < 10_240 ? `${bytes} B` : `${Math.round(bytes / 1024)} KB`);

export class HeldConnection {
	readonly record: ConnectionRecord;
	private resolveClosed: () => void = () => {};
	/** Resolves once its socket has closed (and its line is logged). */
	readonly closed = new Promise<void>(resolve => {
		this.resolveClosed = resolve;
	});
	private readonly started = Date.now();
	private loginTimer: NodeJS.Timeout | undefined;
	private leavePreLogin: () => void = () => {};
	/** Its place among those logged in. */
	private seat: (() => void) | undefined;
	/** What ending it does first once it has logged in (its session closed). */
	private farewell: (() => void) | undefined;
	private forceClose: NodeJS.Timeout | undefined;

	/** The connection held, or undefined when there is no place for it: then it is closed, and the drop logged. */
	static accept(socket: Socket, holding: Holding): HeldConnection | undefined {
		const held = new HeldConnection(socket, holding);
		return held.admitted() ? held : undefined;
	}

	private constructor(
		private readonly socket: Socket,
		private readonly holding: Holding,
	) {
		const address = addressGroups(socket.remoteAddress ?? '?').address;
		this.record = {
			address,
			username: '-',
			how: 'open',
			end: why => this.end(why),
			loggedIn: () => this.loggedIn(),
		};
		socket.on('error', () => {});
	}

	/** Hands it to ssh2's side once it has spoken SSH. */
	serve(client: Connection, context: ConnectionContext): void {
		this.farewell = serveConnection(client, this.record, context);
	}

	private admitted(): boolean {
		const {address} = this.record;
		const place = this.holding.preLogin.arrive(address, this.record);
		if (!place.admitted) {
			this.socket.destroy();
			this.holding.summary.note(
				'dropped',
				address,
				`${new Date(this.started).toISOString()} ${address} dropped: ${place.why}`,
			);
			return false;
		}

		this.leavePreLogin = place.leave;
		place.evicted?.value.end(place.evicted.why);
		this.loginTimer = setTimeout(() => this.end('no login in time'), this.holding.loginMs);
		this.socket.once('close', () => {
			this.onClose();
			this.resolveClosed();
		});
		return true;
	}

	private end(why: string): void {
		this.record.how = why;
		// Before login there is no session to close first, nor a reader to tell.
		if (!this.seat || !this.farewell) {
			this.socket.destroy();
			return;
		}

		this.farewell();
		this.forceClose ??= setTimeout(() => this.socket.destroy(), FORCE_CLOSE_MS).unref();
	}

	private loggedIn(): boolean {
		clearTimeout(this.loginTimer);
		this.leavePreLogin();
		const admission = this.holding.loggedIn.admit(this.record.address);
		if (!admission.admitted) {
			this.end(`dropped at login: ${admission.why}`);
			return false;
		}

		this.seat = admission.release;
		return true;
	}

	private onClose(): void {
		clearTimeout(this.loginTimer);
		clearTimeout(this.forceClose);
		this.leavePreLogin();
		this.seat?.();
		const {address, username, how, faults = []} = this.record;
		const faulted = faults.length > 0 ? ` faults=${faults.length} (last: ${faults.at(-1)})` : '';
		const seconds = ((Date.now() - this.started) / 1000).toFixed(1);
		const {bytesRead, bytesWritten} = this.socket;
		this.holding.summary.note(
			this.seat ? 'ended' : 'not logged in',
			address,
			`${new Date(this.started).toISOString()} ${address} user=${JSON.stringify(username)} ${seconds}s ` +
				`in=${kilobytes(bytesRead)} out=${kilobytes(bytesWritten)} ` +
				`${cleanLine(how === 'open' ? 'closed' : how)}${faulted}`,
		);
	}
}
