/* eslint-disable @n8n/community-nodes/no-restricted-imports -- jest setup: guards node:net for the whole test process */
/**
 * Jest setup file (jest.config.js `setupFiles`): the tests talk to 127.0.0.1 and nothing else.
 * Every TCP connection the test process opens (node:http, node:https, fetch, n8n's axios) goes
 * through `net.Socket.prototype.connect`; this guard refuses, with an error naming the host, a
 * connection to any host that is not loopback (`localhost`, 127.0.0.0/8, `::1`), before any
 * DNS lookup or packet. So a test that would need the network fails on every machine, online or
 * not, instead of passing only where the network is up. Unix sockets and pipes pass.
 *
 * `.ci/run` also runs the suite in a network namespace with loopback only
 * (`node scripts/test-elsewhen.js`), which this guard does not replace: it proves the same from
 * outside the process.
 */
import * as net from 'node:net';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|::1|\[::1\]|::ffff:127(?:\.\d{1,3}){3})$/i;

/** The host a `connect` call names, or undefined for a path (Unix socket, pipe). */
function hostOf(args: unknown[]): string | undefined {
	const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
	if (first !== null && typeof first === 'object') {
		const options = first as { host?: string; path?: string };
		if (options.path !== undefined) return undefined;
		return options.host ?? 'localhost';
	}
	if (typeof first === 'string' && !/^\d+$/.test(first)) return undefined; // a path
	return typeof args[1] === 'string' ? args[1] : 'localhost';
}

const connect = net.Socket.prototype.connect as (...args: unknown[]) => net.Socket;
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
	const host = hostOf(args);
	if (host !== undefined && !LOOPBACK.test(host)) {
		throw new Error(`test/helpers/loopback-only.ts: the tests may only connect to loopback, not to ${host}`);
	}
	return connect.apply(this, args);
} as typeof net.Socket.prototype.connect;
