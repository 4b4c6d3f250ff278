// Starts the API reference on /developers (served from our origin, so the page's CSP can stay
// script-src 'self'). Every option below keeps the page to this origin: no web fonts, no telemetry,
// no hosted client, AI agent or MCP features of the renderer.
window.Scalar.createApiReference('#reference', {
  url: '/api/v1/openapi.json',
  // The document names no server: the samples call the installation the reader is on.
  servers: [{ url: window.location.origin, description: 'This installation' }],
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  mcp: { disabled: true },
  agent: { disabled: true },
  documentDownloadType: 'json',
  persistAuth: false,
  // The guide's examples are curl first, then fetch: the operations' samples open on curl too.
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
});
