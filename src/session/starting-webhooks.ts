// The webhooks sessions start with: a fixtures folder's webhooks.json (every
// session) and the command line's --webhook flags (the default session), each
// checked as POST /__billsim/webhooks checks a webhook. A start with a webhook
// that would be refused stops with every problem named.
import fs from 'node:fs';
import path from 'node:path';
import { EVENT_NAMES } from '../domain/events.js';
import { FixtureError } from '../store/fixtures.js';
import { ControlError } from './control-error.js';
import { webhookSpecOf } from './control-input.js';
import type { Webhook } from './webhooks.js';

/** The webhooks given, checked; `where` names them in a refusal. A starting webhook must state its secret: nothing would show a made-up one. */
export function startingWebhooks(given: readonly unknown[], where: string): Omit<Webhook, 'id'>[] {
  const problems: string[] = [];
  const hooks: Omit<Webhook, 'id'>[] = [];
  given.forEach((value, at) => {
    try {
      const spec = webhookSpecOf(value, EVENT_NAMES);
      if (spec.secret === undefined) throw new ControlError('bad-input', 'secret must be given: the receiver checks signatures with it');
      hooks.push({
        url: spec.url,
        secret: spec.secret,
        events: spec.events ?? [],
        contentType: spec.contentType ?? 'json',
        timestamp: spec.timestamp ?? 'real',
      });
    } catch (error) {
      if (!(error instanceof ControlError)) throw error;
      problems.push(`${where}[${at}]: ${error.message}`);
    }
  });
  if (problems.length > 0) throw FixtureError.of(where, problems);
  return hooks;
}

/** The webhooks of a fixtures folder's webhooks.json (a list of webhooks), none without one. */
export function fixtureWebhooks(dir: string): Omit<Webhook, 'id'>[] {
  const file = path.join(dir, 'webhooks.json');
  if (!fs.existsSync(file)) return [];
  let list: unknown;
  try {
    list = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new FixtureError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(list))
    throw new FixtureError(`${file}: must be a list of webhooks: [{ "url": "http://127.0.0.1:4000/hooks", "secret": "..." }]`);
  return startingWebhooks(list, file);
}
