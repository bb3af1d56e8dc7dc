/* eslint-disable @n8n/community-nodes/no-restricted-globals -- jest setup: sets the n8n log level of the test process */
/**
 * Jest setup file (jest.config.js `setupFiles`): n8n-core's logger stays silent during tests, so a
 * passing run prints only jest's report. n8n logs every node error it handles (expected failures
 * of the error-path tests included) through its winston logger, whose level comes from
 * `N8N_LOG_LEVEL`. Set `N8N_LOG_LEVEL=debug` (or `info`, `warn`, `error`) to see the logs again.
 */
process.env.N8N_LOG_LEVEL ??= 'silent';
