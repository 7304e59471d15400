import { defineMutation } from '../operation.js';
import { fail, messages, notFound } from '../../errors.js';
import { rateOf } from '../../domain/currencies.js';
import { parseDateTime } from '../../lib/dates.js';
import { formatCents, toCents } from '../../domain/money.js';
import { changedLines, estimateAnswer, newLines } from '../../domain/estimates.js';
import { refuseInvoicedBy } from '../../domain/estimateLife.js';
import { withTotals } from '../../domain/invoiceLines.js';
import type { View } from '../../store/world.js';
import type { EditEstimateDetailsRequest, EditEstimateDetailsResult, Estimate } from '../../generated/wire.js';

const REAL_DATE = 'a real calendar date as YYYY-MM-DD';

/** Both dates after the edit; each given one must exist on the calendar, and they must not cross. */
function dates(e: Estimate, p: EditEstimateDetailsRequest): Pick<Estimate, 'date_created' | 'date_expires'> {
  if (p.date_created !== undefined && !parseDateTime(p.date_created)) fail(messages.paramInvalid('date_created', REAL_DATE));
  if (p.date_expires !== undefined && !parseDateTime(p.date_expires)) fail(messages.paramInvalid('date_expires', REAL_DATE));
  const date_created = p.date_created ?? e.date_created;
  const date_expires = p.date_expires ?? e.date_expires;
  // Only an edit of a date is checked, so a stored pair that already crosses does not block other edits.
  if ((p.date_created !== undefined || p.date_expires !== undefined) && date_expires < date_created) {
    fail(
      p.date_expires !== undefined
        ? messages.paramInvalid('date_expires', `on or after date_created (${date_created})`)
        : messages.paramInvalid('date_created', `on or before date_expires (${date_expires})`),
    );
  }
  return { date_created, date_expires };
}

/** currency_id and rate after the edit: a different currency brings its rate; amounts stay as entered. */
function currency(world: View, e: Estimate, currencyId: string | undefined): Pick<Estimate, 'currency_id' | 'rate'> {
  if (currencyId === undefined) return { currency_id: e.currency_id, rate: e.rate };
  const rate = rateOf(world, currencyId);
  if (currencyId === e.currency_id) return { currency_id: e.currency_id, rate: e.rate };
  return { currency_id: currencyId, rate };
}

/** A percentage or money parameter as stored: two decimals. */
function twoDecimals(value: string | undefined, stored: string): string {
  return value === undefined ? stored : formatCents(toCents(value));
}

export default defineMutation<EditEstimateDetailsRequest, EditEstimateDetailsResult>({
  mutates: true,
  run(p, { world }) {
    const e = world.get('estimates', p.id) ?? notFound('Estimate', p.id);
    if (p.client_id !== undefined && !world.get('clients', p.client_id)) notFound('Client', p.client_id);
    if (p.status !== undefined && p.status !== e.status) refuseInvoicedBy(e, p.status);
    const updated = withTotals({
      ...e,
      status: p.status ?? e.status,
      subject: p.subject ?? e.subject,
      client_id: p.client_id ?? e.client_id,
      ...dates(e, p),
      credit: twoDecimals(p.credit, e.credit),
      taxrate: twoDecimals(p.taxrate, e.taxrate),
      taxrate2: twoDecimals(p.taxrate2, e.taxrate2),
      ...currency(world, e, p.currency_id),
      notes: p.notes ?? e.notes,
      notes_private: p.notes_private ?? e.notes_private,
      items: [...changedLines(e, p.item), ...newLines(world, e.id, p.newitem)],
    });
    world.replace('estimates', updated);
    return estimateAnswer(world, updated, 'Estimate details updated');
  },
});
