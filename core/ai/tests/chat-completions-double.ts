import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NoticeAnalysisBody } from '../notice-analysis';

/**
 * A stand-in for an Azure OpenAI resource on 127.0.0.1: it speaks
 * `POST /openai/deployments/{deployment}/chat/completions?api-version=...` with the `api-key` header, answers each call
 * as a test scripts it, and records every request so a test can read the prompt and response format it was sent.
 * Point the app at it with `configOverrides()`; the real `openai` client talks to it as it would to Azure.
 */

export const DOUBLE_DEPLOYMENT = 'notice-analysis-test';
export const DOUBLE_API_KEY = 'double-api-key-5f0c9a7e21d3';

/** One scripted answer to one call. */
export type ScriptedAnswer =
  | {
      kind: 'completion';
      /** The assistant message's content, as the model would have written it. */
      content: string;
      finishReason?: 'stop' | 'length' | 'content_filter';
      usage?: { promptTokens: number; completionTokens: number };
    }
  | { kind: 'status'; status: number; headers?: Record<string, string>; error: { code: string; message: string } }
  /** Never answers: the call ends when the client gives up or the double closes. */
  | { kind: 'hang' };

export interface RecordedRequest {
  method: string;
  /** The path without the query. */
  path: string;
  apiVersion: string | null;
  apiKey: string | null;
  /** The parsed JSON body. */
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
    [field: string]: unknown;
  };
}

export const SAMPLE_USAGE = { promptTokens: 1_843, completionTokens: 612 };

/** An analysis as a good model gives it for an ASMT-10 scrutiny notice. */
export const SAMPLE_ANALYSIS: NoticeAnalysisBody = {
  summary:
    'The Superintendent, Range-II, has issued FORM GST ASMT-10 to Sharma Traders for 2023-24 under section 61, pointing to ITC of ₹1,84,320 claimed in GSTR-3B beyond GSTR-2B. A reply in FORM GST ASMT-11 is due by 14 January 2026.',
  actionItems: [
    'Reconcile ITC claimed in GSTR-3B with GSTR-2B for April 2023 to March 2024, supplier by supplier.',
    'Collect the invoices and supplier confirmations for the ITC that GSTR-2B does not show.',
    'Pay any ITC found ineligible with interest through FORM GST DRC-03.',
    'File the reply in FORM GST ASMT-11 on the GST portal by 14 January 2026.',
  ],
  draftReply:
    'FORM GST ASMT-11\n\nTo\nThe Superintendent of Central Tax,\nRange-II, Division-IV\n\nSubject: Reply to notice in FORM GST ASMT-10 reference ZD0712250123456 dated 15 December 2025 for the tax period 2023-24\n\nRespected Sir/Madam,\n\nWith reference to the above notice, we submit that the difference of ₹1,84,320 arises from [reason for the difference] ... [reconciliation statement enclosed].\n\nFor Sharma Traders\n[Authorised signatory]',
  extracted: {
    department: 'GST',
    noticeType: 'ASMT-10',
    section: 'Section 61 of the CGST Act, 2017',
    din: 'ZD0712250123456',
    taxPeriod: '2023-24',
    assessmentYear: null,
    amountDemanded: '184320.00',
    issueDate: '2025-12-15',
    replyBy: '2026-01-14',
    hearing: null,
  },
};

/** What a test scripts: a good analysis, one that breaks the schema, a throttled call, a server failure, a hang. */
export const scripted = {
  analysis(analysis: unknown = SAMPLE_ANALYSIS, usage = SAMPLE_USAGE): ScriptedAnswer {
    return { kind: 'completion', content: JSON.stringify(analysis), usage };
  },
  /** Well-formed JSON the schema refuses: no draft reply, an amount with grouping, and a field it does not know. */
  schemaBreakingAnalysis(usage = SAMPLE_USAGE): ScriptedAnswer {
    const broken: Record<string, unknown> = {
      ...SAMPLE_ANALYSIS,
      extracted: { ...SAMPLE_ANALYSIS.extracted, amountDemanded: '1,84,320' },
      confidence: 'high',
    };
    delete broken.draftReply;
    return scripted.analysis(broken, usage);
  },
  content(content: string, finishReason: 'stop' | 'length' | 'content_filter' = 'stop', usage = SAMPLE_USAGE): ScriptedAnswer {
    return { kind: 'completion', content, finishReason, usage };
  },
  rateLimited(retryAfterMs = 20): ScriptedAnswer {
    return {
      kind: 'status',
      status: 429,
      headers: { 'retry-after-ms': String(retryAfterMs), 'retry-after': String(Math.ceil(retryAfterMs / 1_000)) },
      error: {
        code: '429',
        message: 'Requests to the ChatCompletions_Create Operation have exceeded the token rate limit of your current pricing tier.',
      },
    };
  },
  serverError(status = 500): ScriptedAnswer {
    return { kind: 'status', status, error: { code: 'InternalServerError', message: 'The server had an error while processing your request.' } };
  },
  hang(): ScriptedAnswer {
    return { kind: 'hang' };
  },
};

const ROUTE = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;

export class ChatCompletionsDouble {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: ScriptedAnswer[] = [];
  private readonly hanging = new Set<ServerResponse>();
  private readonly hangWaiters: ((hang: { closed: Promise<void> }) => void)[] = [];

  private constructor(
    private readonly server: Server,
    readonly deployment: string,
    readonly apiKey: string,
  ) {}

  static async start(options: { deployment?: string; apiKey?: string } = {}): Promise<ChatCompletionsDouble> {
    const server = createServer();
    const double = new ChatCompletionsDouble(server, options.deployment ?? DOUBLE_DEPLOYMENT, options.apiKey ?? DOUBLE_API_KEY);
    server.on('request', (request, response) => void double.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return double;
  }

  /** The resource's endpoint, as AZURE_OPENAI_ENDPOINT takes it. */
  get endpoint(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  /** The environment that points the app at this double. */
  configOverrides(extra: Record<string, string> = {}): Record<string, string> {
    return { AZURE_OPENAI_ENDPOINT: this.endpoint, AZURE_OPENAI_API_KEY: this.apiKey, AZURE_OPENAI_DEPLOYMENT: this.deployment, ...extra };
  }

  /** Answers for the next calls, in order; once they are used up, every call gets a good analysis. */
  script(...answers: ScriptedAnswer[]): void {
    this.queue.push(...answers);
  }

  /** Resolves when the next call meets a scripted hang, with a promise of the client closing that call's connection. */
  nextHang(): Promise<{ closed: Promise<void> }> {
    return new Promise((resolve) => this.hangWaiters.push(resolve));
  }

  /** Forgets the requests and the answers not yet given. */
  reset(): void {
    this.requests.length = 0;
    this.queue.length = 0;
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://double');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const apiKey = request.headers['api-key'];
    this.requests.push({
      method: request.method ?? '',
      path: url.pathname,
      apiVersion: url.searchParams.get('api-version'),
      apiKey: typeof apiKey === 'string' ? apiKey : null,
      body: parsedBody(text),
    });

    const deployment = ROUTE.exec(url.pathname)?.[1];
    if (request.method !== 'POST' || !deployment) return sendError(response, 404, { code: '404', message: 'Resource not found' });
    if (apiKey !== this.apiKey) {
      return sendError(response, 401, { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint.' });
    }
    if (!url.searchParams.get('api-version')) return sendError(response, 404, { code: '404', message: 'Resource not found' });
    if (decodeURIComponent(deployment) !== this.deployment) {
      return sendError(response, 404, { code: 'DeploymentNotFound', message: 'The API deployment for this resource does not exist.' });
    }

    const answer = this.queue.shift() ?? scripted.analysis();
    if (answer.kind === 'hang') {
      this.hanging.add(response);
      const closed = new Promise<void>((resolve) => response.on('close', resolve));
      void closed.then(() => this.hanging.delete(response));
      this.hangWaiters.shift()?.({ closed });
      return;
    }
    if (answer.kind === 'status') return sendError(response, answer.status, answer.error, answer.headers);
    const usage = answer.usage ?? SAMPLE_USAGE;
    sendJson(response, 200, {
      id: `chatcmpl-${this.requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1_000),
      model: 'gpt-4o-2024-11-20',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: answer.content, refusal: null },
          finish_reason: answer.finishReason ?? 'stop',
          logprobs: null,
        },
      ],
      usage: {
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
        total_tokens: usage.promptTokens + usage.completionTokens,
      },
    });
  }
}

function parsedBody(text: string): RecordedRequest['body'] {
  try {
    return JSON.parse(text) as RecordedRequest['body'];
  } catch {
    return { unreadable: text };
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `double-${Date.now()}`, ...headers });
  response.end(JSON.stringify(body));
}

function sendError(response: ServerResponse, status: number, error: { code: string; message: string }, headers?: Record<string, string>): void {
  sendJson(response, status, { error }, headers);
}
