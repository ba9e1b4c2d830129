// A scripted stand-in for the Anthropic Messages API on 127.0.0.1: it records every request Claude Code sends and
// answers in server-sent events. A request for a summary of the context gets a summary; any other request that carries
// tools (the agent's own loop) takes the next scripted step, a tool_use or a final text, else "Done."; the rest (a
// title, say) get a short text.
import http from 'node:http';

export class ModelStandIn {
  constructor() {
    this.requests = [];
    this.steps = [];
    this.answered = 0;
  }

  async start() {
    this.server = http.createServer((req, res) => this.#handle(req, res));
    await new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${this.server.address().port}`;
  }

  close() {
    this.server?.close();
  }

  /** Steps for the agent's next requests: {tool, input} or {text}; either may carry usage: {input_tokens: N}. */
  script(...steps) {
    this.steps.push(...steps);
  }

  /** The requests of the agent's loop (those that carry tools, but for summaries), in order. */
  agentRequests() {
    return this.requests.filter((request) => hasTools(request) && !asksForSummary(request));
  }

  /** The requests for a summary of the context (a compaction), in order. */
  summaryRequests() {
    return this.requests.filter(asksForSummary);
  }

  #handle(req, res) {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (!req.url.startsWith('/v1/messages')) {
        res.writeHead(req.method === 'HEAD' ? 200 : 404).end();
        return;
      }
      const request = JSON.parse(body);
      if (req.url.startsWith('/v1/messages/count_tokens')) {
        res.writeHead(200, {'content-type': 'application/json'}).end('{"input_tokens": 1000}');
        return;
      }
      this.requests.push(request);
      const step = asksForSummary(request) ? {text: SUMMARY}
        : hasTools(request) ? this.steps.shift() ?? {text: 'Done.'} : {text: 'A title.'};
      this.#answer(res, step);
    });
  }

  #answer(res, step) {
    const id = `msg_${++this.answered}`;
    const usage = {input_tokens: 100, output_tokens: 5, ...(step.usage ?? {})};
    res.writeHead(200, {'content-type': 'text/event-stream'});
    const send = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({type, ...data})}\n\n`);
    send('message_start', {message: {id, type: 'message', role: 'assistant', model: 'claude-stand-in', content: [],
      stop_reason: null, stop_sequence: null, usage}});
    if (step.tool) {
      send('content_block_start', {index: 0, content_block: {type: 'tool_use', id: `toolu_${this.answered}`,
        name: step.tool, input: {}}});
      send('content_block_delta', {index: 0, delta: {type: 'input_json_delta', partial_json: JSON.stringify(step.input)}});
    } else {
      send('content_block_start', {index: 0, content_block: {type: 'text', text: ''}});
      send('content_block_delta', {index: 0, delta: {type: 'text_delta', text: step.text}});
    }
    send('content_block_stop', {index: 0});
    send('message_delta', {delta: {stop_reason: step.tool ? 'tool_use' : 'end_turn', stop_sequence: null},
      usage: {output_tokens: 5}});
    send('message_stop', {});
    res.end();
  }
}

const SUMMARY = '<analysis>The user asked a question.</analysis>\n<summary>1. The user asked about an appointment.</summary>';

function hasTools(request) {
  return Array.isArray(request.tools) && request.tools.length > 0;
}

/** Whether the request is Claude Code's for a summary of the conversation: its last message asks for one. */
function asksForSummary(request) {
  return /Respond with plain text only/.test(shown({messages: (request.messages ?? []).slice(-1)}));
}

/** Every text of a request's messages and system prompt, joined: what the model was shown. */
export function shown(request) {
  const texts = [];
  const walk = (value) => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      if (typeof value.text === 'string') texts.push(value.text);
      if (value.content !== undefined) walk(value.content);
    }
  };
  walk(request.system ?? []);
  walk(request.messages ?? []);
  return texts.join('\n');
}

/** The texts of the request's messages alone (what hooks add lands there), joined. */
export function messagesOf(request) {
  return shown({messages: request.messages});
}

/** What hooks added to the request's messages, from each text that holds {@code header} on: one entry per addition. */
export function added(request, header) {
  const texts = [];
  const walk = (value) => {
    if (typeof value === 'string') {
      if (value.includes(header)) texts.push(value.slice(value.indexOf(header)));
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      walk(value.text);
      walk(value.content);
    }
  };
  walk(request.messages ?? []);
  return texts;
}
