// Run by scripts/smoke-modern (not on its own): drives one memdir jar with the TypeScript SDK's v2 client on
// MCP 2026-07-28 and then with the v1 SDK's client on 2025-11-25, over the same memory, and checks every answer
// down to the wire. Exits non-zero on the first mismatch.
// Usage: node smoke-modern.mjs TOOLS-DIR SERVER-COMMAND [SERVER-ARG...]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

const [toolsDir, command, ...args] = process.argv.slice(2);
// The clients are installed under target/, not beside this file, so they are loaded from there.
const require = createRequire(resolve(toolsDir, 'package.json'));
const modern = require('@modelcontextprotocol/client');
const { StdioClientTransport } = require('@modelcontextprotocol/client/stdio');
const legacy = {
  Client: require('@modelcontextprotocol/sdk/client/index.js').Client,
  StdioClientTransport: require('@modelcontextprotocol/sdk/client/stdio.js').StdioClientTransport,
  types: require('@modelcontextprotocol/sdk/types.js'),
};

const MODERN_VERSION = '2026-07-28';
const LEGACY_VERSION = '2025-11-25';
const INDEX = 'memdir://memory/index';
const STATUS = 'memdir://memory/status';
const TOOLS = ['view', 'create', 'str_replace', 'insert', 'delete', 'rename'];
const PROMPTS = ['memory-protocol', 'project-instructions', 'recall'];
const INDEX_LINE = '- [smoke](smoke.md): the smoke-test file';
const WAIT_MS = 10_000;

let checks = 0;
let step = 'start';
const serverStderr = [];

function fail(reason, shown) {
  console.error(`smoke-modern: FAILED ${step}: ${reason}`);
  if (shown !== undefined) {
    console.error(shown instanceof Error ? shown.stack : JSON.stringify(shown, null, 2));
  }
  const stderr = serverStderr.join('');
  if (stderr) {
    console.error(`smoke-modern: the servers' stderr:\n${stderr}`);
  }
  process.exit(1);
}

// check(NAME, OK, SHOWN): counts one check; SHOWN is printed when OK is false.
function check(name, ok, shown) {
  step = name;
  if (!ok) {
    fail('unexpected answer', shown);
  }
  checks++;
  console.error(`smoke-modern: ok ${name}`);
}

// The server's stderr is kept, and shown only when a check fails.
function serverParameters() {
  return { command, args, env: { ...process.env }, stderr: 'pipe' };
}

function keepStderr(transport) {
  transport.stderr.on('data', chunk => serverStderr.push(chunk.toString()));
}

// Records every message the client sends and receives, so that the checks see the wire and not only what the
// SDK makes of it. The base transport class stays as it is: the v2 client probes on a sibling process only then.
function tap(transport) {
  const wire = { sent: [], received: [] };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    wire.sent.push(message);
    return send(message, options);
  };
  const start = transport.start.bind(transport);
  transport.start = () => {
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => {
      wire.received.push(message);
      deliver?.(message, extra);
    };
    return start();
  };
  return wire;
}

// The last request sent with METHOD and the response to it.
function exchange(wire, method) {
  const request = wire.sent.findLast(message => message.method === method && message.id !== undefined);
  const response = request && wire.received.find(message => message.id === request.id && !message.method);
  return { request, response };
}

// The wire envelope every 2026-07-28 exchange must have: the version in the request's _meta, and a complete
// result that names the server.
function modernEnvelope(wire, method) {
  const { request, response } = exchange(wire, method);
  const result = response?.result;
  return request?.params?._meta?.[modern.PROTOCOL_VERSION_META_KEY] === MODERN_VERSION
    && request.params._meta[modern.CLIENT_CAPABILITIES_META_KEY] !== undefined
    && result?.resultType === 'complete'
    && result._meta?.[modern.SERVER_INFO_META_KEY]?.name === 'memdir';
}

function cached(wire, method, scope) {
  const result = exchange(wire, method).response?.result;
  return Number.isInteger(result?.ttlMs) && result.ttlMs >= 0 && result.cacheScope === scope;
}

function text(result) {
  return result?.content?.[0]?.text;
}

function within(promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${WAIT_MS} ms`)), WAIT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// Resolves with the first notification in LIST (now or later) that MATCHES.
function arrival(list, matches) {
  return new Promise(resolveArrival => {
    const poll = () => {
      const found = list.find(matches);
      if (found) {
        resolveArrival(found);
      } else {
        setTimeout(poll, 20);
      }
    };
    poll();
  });
}

async function errorOf(call) {
  try {
    return { answer: await call() };
  } catch (error) {
    return { code: error.code, message: error.message };
  }
}

async function connectModern(name) {
  const transport = new StdioClientTransport(serverParameters());
  keepStderr(transport);
  const wire = tap(transport);
  const client = new modern.Client({ name, version: '1.0.0' },
    { versionNegotiation: { mode: { pin: MODERN_VERSION } } });
  // A line that is not a message for this client (a stray stdout line, an unknown id) is a failure too.
  client.onerror = error => fail('the client reported an error', error);
  await client.connect(transport);
  return { client, wire, transport };
}

// Everything the 2026-07-28 half checks; returns what the 2025-11-25 half compares with.
async function modernRevision() {
  step = 'modern connect';
  const { client, wire } = await connectModern('smoke-modern');
  const discovered = client.getDiscoverResult();
  check('modern connect: negotiated 2026-07-28 by server/discover',
    client.getProtocolEra() === 'modern' && client.getNegotiatedProtocolVersion() === MODERN_VERSION
      && isDeepStrictEqual(discovered?.supportedVersions, [MODERN_VERSION, LEGACY_VERSION])
      && client.getServerVersion()?.name === 'memdir' && !wire.sent.some(m => m.method === 'initialize'),
    { protocolEra: client.getProtocolEra(), version: client.getNegotiatedProtocolVersion(), discovered });

  // The probe ran on a sibling process; this asks the session's own process.
  const discover = await client.discover();
  const capabilities = discover.capabilities;
  check('server/discover', modernEnvelope(wire, 'server/discover')
      && isDeepStrictEqual(discover.supportedVersions, [MODERN_VERSION, LEGACY_VERSION])
      && capabilities.tools !== undefined && capabilities.resources?.subscribe === true
      && capabilities.prompts !== undefined && capabilities.completions !== undefined
      && discover.instructions?.startsWith('IMPORTANT: ALWAYS VIEW YOUR MEMORY DIRECTORY')
      && Number.isInteger(discover.ttlMs) && ['public', 'private'].includes(discover.cacheScope),
    exchange(wire, 'server/discover'));
  // memdir sends notifications/message to a request that asks for them, so it must declare logging.
  check('server/discover: the logging capability', capabilities.logging !== undefined, capabilities);

  const tools = await client.listTools(undefined, { cacheMode: 'bypass' });
  check('tools/list: six memory tools in a fixed order', modernEnvelope(wire, 'tools/list')
      && isDeepStrictEqual(tools.tools.map(tool => tool.name), TOOLS) && cached(wire, 'tools/list', 'public'),
    exchange(wire, 'tools/list').response);

  const call = async (name, toolArgs, meta) => {
    const result = await client.callTool({ name, arguments: toolArgs, ...(meta && { _meta: meta }) });
    return { result, envelope: modernEnvelope(wire, 'tools/call') };
  };
  let { result, envelope } = await call('create', { path: '/memories/smoke.md', file_text: 'hello smoke' });
  check('tools/call create', envelope && result.isError === false
    && text(result) === 'File created successfully at: /memories/smoke.md', result);
  ({ result, envelope } = await call('view', { path: '/memories/smoke.md' }));
  check('tools/call view', envelope
    && text(result) === "Here's the content of /memories/smoke.md with line numbers:\n     1\thello smoke", result);
  ({ result, envelope } = await call('str_replace',
    { path: '/memories/smoke.md', old_str: 'hello', new_str: 'goodbye' }));
  check('tools/call str_replace', envelope && result.isError === false
    && text(result).endsWith('     1\tgoodbye smoke'), result);
  ({ result, envelope } = await call('view', { path: '/memories/none.md' }));
  check('tools/call view of a missing file: an isError result', envelope && result.isError === true, result);
  const unknownTool = await errorOf(() => client.callTool({ name: 'nope', arguments: {} }));
  check('tools/call of an unknown tool: -32602', unknownTool.code === -32602
    && unknownTool.message.includes('Unknown tool: nope'), unknownTool);

  const resources = await client.listResources(undefined, { cacheMode: 'bypass' });
  const resourceResult = exchange(wire, 'resources/list').response?.result;
  check('resources/list', modernEnvelope(wire, 'resources/list')
      && ['memdir://instructions', 'memdir://instructions/report', INDEX, STATUS]
        .every(uri => resources.resources.some(resource => resource.uri === uri))
      && Number.isInteger(resourceResult.ttlMs) && ['public', 'private'].includes(resourceResult.cacheScope),
    resourceResult);

  const read = async uri => {
    const answer = await client.readResource({ uri }, { cacheMode: 'bypass' });
    return { contents: answer.contents[0], answer,
      envelope: modernEnvelope(wire, 'resources/read') && cached(wire, 'resources/read', 'private') };
  };
  let index = await read(INDEX);
  check('resources/read memdir://memory/index', index.envelope && index.contents.mimeType === 'text/markdown'
    && index.contents.text === '' && index.answer.ttlMs >= 0 && index.answer.cacheScope === 'private', index.answer);
  const readTtl = index.answer.ttlMs;
  check('list results are cached longer than reads', tools.ttlMs > readTtl, { tools: tools.ttlMs, readTtl });
  const status = await read(STATUS);
  const statusJson = JSON.parse(status.contents.text);
  check('resources/read memdir://memory/status', status.envelope && statusJson.files === 1
    && statusJson.index.verdict === 'within' && status.answer.cacheScope === 'private', status.answer);
  const unknownResource = await errorOf(() => client.readResource({ uri: 'memdir://nothing' },
    { cacheMode: 'bypass' }));
  check('resources/read of an unknown resource: -32602', unknownResource.code === -32602, unknownResource);

  const templates = await client.listResourceTemplates(undefined, { cacheMode: 'bypass' });
  check('resources/templates/list', modernEnvelope(wire, 'resources/templates/list')
      && isDeepStrictEqual(templates.resourceTemplates.map(template => template.uriTemplate).sort(),
        ['memdir://instructions/for/{+path}', 'memdir://memory/history/{+path}', 'memdir://memory/recall{?q}'])
      && cached(wire, 'resources/templates/list', 'public'),
    exchange(wire, 'resources/templates/list').response);
  const history = await read('memdir://memory/history/smoke.md');
  const historyJson = JSON.parse(history.contents.text);
  check('resources/read memdir://memory/history/smoke.md', history.envelope
    && history.contents.mimeType === 'application/json' && historyJson.path === '/memories/smoke.md'
    && historyJson.versions.length === 1 && historyJson.versions[0].size === 'hello smoke'.length, historyJson);
  const recall = await read('memdir://memory/recall?q=goodbye%20smoke');
  check('resources/read memdir://memory/recall?q=goodbye%20smoke', recall.envelope
    && JSON.parse(recall.contents.text).matches[0].path === '/memories/smoke.md', recall.answer);

  const prompts = await client.listPrompts(undefined, { cacheMode: 'bypass' });
  check('prompts/list', modernEnvelope(wire, 'prompts/list')
    && isDeepStrictEqual(prompts.prompts.map(prompt => prompt.name).sort(), [...PROMPTS].sort())
    && cached(wire, 'prompts/list', 'public'), exchange(wire, 'prompts/list').response);
  const prompt = async (name, promptArgs) => {
    const answer = await client.getPrompt({ name, arguments: promptArgs });
    return { first: answer.messages[0]?.content?.text ?? '', envelope: modernEnvelope(wire, 'prompts/get'), answer };
  };
  let got = await prompt('memory-protocol');
  check('prompts/get memory-protocol', got.envelope
    && got.first.startsWith('IMPORTANT: ALWAYS VIEW YOUR MEMORY DIRECTORY'), got.answer);
  got = await prompt('project-instructions');
  check('prompts/get project-instructions', got.envelope && got.first.includes('Smoke-test project rules.'),
    got.answer);
  got = await prompt('recall', { query: 'goodbye' });
  check('prompts/get recall', got.envelope && got.first.includes('--- /memories/smoke.md (score '), got.answer);

  // subscriptions/listen on the index: a write to MEMORY.md must reach this stream, and nothing unasked.
  const updates = [];
  client.setNotificationHandler('notifications/resources/updated', notification => { updates.push(notification); });
  step = 'subscriptions/listen';
  const subscription = await within(client.listen({ resourceSubscriptions: [INDEX] }),
    'notifications/subscriptions/acknowledged');
  const listenId = exchange(wire, 'subscriptions/listen').request.id;
  const ack = wire.received.find(message => message.method === 'notifications/subscriptions/acknowledged');
  check('subscriptions/listen: acknowledged with the index', isDeepStrictEqual(subscription.honoredFilter,
      { resourceSubscriptions: [INDEX] }) && ack?.params?._meta?.[modern.SUBSCRIPTION_ID_META_KEY] === listenId,
    { honoredFilter: subscription.honoredFilter, ack, listenId });
  ({ result, envelope } = await call('create', { path: '/memories/MEMORY.md', file_text: `${INDEX_LINE}\n` }));
  check('tools/call create /memories/MEMORY.md', envelope
    && text(result) === 'File created successfully at: /memories/MEMORY.md', result);
  step = 'notifications/resources/updated';
  await within(arrival(updates, update => update.params.uri === INDEX), 'notifications/resources/updated');
  const updated = wire.received.filter(message => message.method === 'notifications/resources/updated');
  check('notifications/resources/updated for the index, tagged with the subscription',
    updated.length > 0 && updated.every(message => message.params.uri === INDEX
      && message.params._meta?.[modern.SUBSCRIPTION_ID_META_KEY] === listenId), updated);
  index = await read(INDEX);
  check('resources/read memdir://memory/index after the write', index.envelope
    && index.contents.text.includes(INDEX_LINE), index.answer);
  await subscription.close();
  check('subscription closed by the client', await subscription.closed === 'local'
    && wire.sent.some(message => message.method === 'notifications/cancelled'
      && message.params.requestId === listenId), wire.sent.at(-1));
  check('no notifications/message without a logLevel in _meta',
    !wire.received.some(message => message.method === 'notifications/message'), wire.received);
  ({ result, envelope } = await call('view', { path: '/memories/smoke.md' },
    { [modern.LOG_LEVEL_META_KEY]: 'debug' }));
  const logged = exchange(wire, 'tools/call');
  const answeredAt = wire.received.indexOf(logged.response);
  // None came before (checked just above), so every one so far belongs to this call; none to a listen stream.
  const messages = wire.received.filter((message, at) => message.method === 'notifications/message'
    && at < answeredAt);
  check('tools/call with logLevel debug: notifications/message before the result', envelope
    && result.isError === false && messages.length > 0 && messages.every(message => message.params.level
      && message.params._meta?.[modern.SUBSCRIPTION_ID_META_KEY] === undefined), messages);
  const badLevel = await errorOf(() => call('view', { path: '/memories/smoke.md' },
    { [modern.LOG_LEVEL_META_KEY]: 'loud' }));
  const refused = exchange(wire, 'tools/call');
  check('tools/call with an unknown logLevel: -32602', badLevel.code === -32602
    && refused.request.params._meta[modern.LOG_LEVEL_META_KEY] === 'loud' && refused.response?.error?.code === -32602,
  refused);
  return { client, wire, updates, tools: exchange(wire, 'tools/list').response.result.tools,
    indexText: index.contents.text };
}

// A 2025-11-25 client on the memory the 2026-07-28 client wrote; its process runs beside the modern one.
async function connectLegacy() {
  step = 'legacy connect';
  const transport = new legacy.StdioClientTransport(serverParameters());
  keepStderr(transport);
  const wire = tap(transport);
  const client = new legacy.Client({ name: 'smoke-legacy', version: '1.0.0' });
  client.onerror = error => fail('the client reported an error', error);
  await client.connect(transport);
  const initialized = exchange(wire, 'initialize').response?.result;
  check('initialize: a 2025-11-25 session', initialized?.protocolVersion === LEGACY_VERSION
    && initialized.serverInfo?.name === 'memdir' && !wire.sent.some(message => message.method === 'server/discover'),
  initialized);
  return { client, wire };
}

async function legacyRevision({ client, wire }, seen) {
  await client.listTools();
  const tools = exchange(wire, 'tools/list').response?.result?.tools;
  check('tools/list (2025-11-25): the same tools as on 2026-07-28', isDeepStrictEqual(tools, seen.tools),
    { legacy: tools, modern: seen.tools });
  let result = await client.callTool({ name: 'view', arguments: { path: '/memories/smoke.md' } });
  check('tools/call view (2025-11-25) of the file the 2026-07-28 client wrote',
    text(result) === "Here's the content of /memories/smoke.md with line numbers:\n     1\tgoodbye smoke", result);
  result = await client.callTool({ name: 'create',
    arguments: { path: '/memories/legacy.md', file_text: 'hello legacy' } });
  check('tools/call create (2025-11-25)',
    result.isError === false && text(result) === 'File created successfully at: /memories/legacy.md', result);
  const index = await client.readResource({ uri: INDEX });
  check('resources/read memdir://memory/index (2025-11-25)', index.contents[0].text === seen.indexText, index);
  const unknownResource = await errorOf(() => client.readResource({ uri: 'memdir://nothing' }));
  check('resources/read of an unknown resource (2025-11-25): -32002', unknownResource.code === -32002,
    unknownResource);

  const updates = [];
  client.setNotificationHandler(legacy.types.ResourceUpdatedNotificationSchema, notification => {
    updates.push(notification);
  });
  const subscribed = await client.subscribeResource({ uri: INDEX });
  check('resources/subscribe memdir://memory/index (2025-11-25)', isDeepStrictEqual(subscribed, {}), subscribed);
  result = await client.callTool({ name: 'insert',
    arguments: { path: '/memories/MEMORY.md', insert_line: 1,
      insert_text: '- [legacy](legacy.md): from 2025-11-25' } });
  check('tools/call insert into /memories/MEMORY.md (2025-11-25)', result.isError === false, result);
  step = 'notifications/resources/updated (2025-11-25)';
  const update = await within(arrival(updates, notification => notification.params.uri === INDEX),
    'notifications/resources/updated');
  check('notifications/resources/updated for the index (2025-11-25)', update.params.uri === INDEX, update);
}

function versionOf(name) {
  return JSON.parse(readFileSync(resolve(toolsDir, 'node_modules', name, 'package.json'), 'utf8')).version;
}

async function main() {
  const seen = await modernRevision();
  const older = await connectLegacy();
  // Started on the same memory, both answer with the same instructions, whichever revision asks.
  step = 'modern reconnect';
  const again = await connectModern('smoke-modern-again');
  check('server/discover instructions equal the initialize instructions',
    again.client.getInstructions() === older.client.getInstructions()
      && older.client.getInstructions().includes(INDEX_LINE),
    { discover: again.client.getInstructions(), initialize: older.client.getInstructions() });
  // The 2026-07-28 process hears the 2025-11-25 process write the index: one store, two processes, two revisions.
  step = 'subscriptions/listen again';
  const listening = await within(seen.client.listen({ resourceSubscriptions: [INDEX] }),
    'notifications/subscriptions/acknowledged');
  const listenId = exchange(seen.wire, 'subscriptions/listen').request.id;
  const before = seen.updates.length;
  await legacyRevision(older, seen);
  step = 'notifications/resources/updated from the other process';
  await within(arrival(seen.updates, (update, at) => at >= before), 'notifications/resources/updated');
  const heard = seen.wire.received.filter(message => message.method === 'notifications/resources/updated')
    .slice(before);
  check('notifications/resources/updated for a write by the 2025-11-25 process, on the open subscription only',
    heard.length > 0
    && heard.every(message => message.params.uri === INDEX
      && message.params._meta?.[modern.SUBSCRIPTION_ID_META_KEY] === listenId), heard);
  await listening.close();
  // Only what memdir can tell about is honoured; at the end of input an open stream gets its final result.
  step = 'subscriptions/listen at the end of input';
  const recallUri = 'memdir://memory/recall?q=smoke';
  const last = await within(again.client.listen({ resourceSubscriptions: [STATUS, recallUri] }),
    'notifications/subscriptions/acknowledged');
  check('subscriptions/listen: only the status is honoured, not a recall URI',
    isDeepStrictEqual(last.honoredFilter, { resourceSubscriptions: [STATUS] }), last.honoredFilter);
  await again.transport.close();
  const ending = await within(last.closed, 'end of the subscription');
  const final = exchange(again.wire, 'subscriptions/listen').response?.result;
  check('subscriptions/listen: a final result at the end of input', ending === 'graceful'
    && final?.resultType === 'complete'
    && final._meta?.[modern.SUBSCRIPTION_ID_META_KEY] === exchange(again.wire, 'subscriptions/listen').request.id,
  { ending, final });
  await Promise.all([seen.client.close(), older.client.close(), again.client.close()]);
  console.error(`smoke-modern: ${checks} checks passed with @modelcontextprotocol/client `
    + `${versionOf('@modelcontextprotocol/client')} (${MODERN_VERSION}) and `
    + `@modelcontextprotocol/sdk ${versionOf('@modelcontextprotocol/sdk')} (${LEGACY_VERSION})`);
}

main().catch(error => fail('the client threw', error));
