/** Imported first by the renderer: whatever the app logs goes to stderr, so stdout carries only answers. */
for (const level of ['log', 'info', 'debug'] as const) console[level] = console.error.bind(console);
