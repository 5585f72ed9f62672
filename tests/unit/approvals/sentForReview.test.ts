import { http, HttpResponse } from 'msw';
import { registry } from '../../../resources';
import { createDataProvider } from '../../../dataProvider';
import { sentForReview } from '../../../dataProvider/review';
import { server } from '../../msw/server';
import { ok, path } from '../../msw/contract';
import { idsOf, textOf } from '../../../src/modules/approvals/WorkflowInputs';
import { changesOf } from '../../../src/modules/approvals/RequestDiff';
import type { ChangeRequest } from '../../../src/modules/approvals/api';

const dp = createDataProvider({ apiUrl: '/api', registry });
const medicine = registry.get('medicine');
const MESSAGE = 'Sent for review: medicine changes need review by Pharmacy Managers';
const request = { change_request_id: 12, change_request_state: 'pending' };
const sent = () => HttpResponse.json({ status: 1, message: MESSAGE, data: request }, { status: 202 });

/** Issue 48 in the console: a gated save's 202 is told apart from a save (docs/approvals.md, "Console"). */
describe('a save sent for review (202)', () => {
  it('update answers the record as it was, marked with the server message and the request', async () => {
    server.use(http.put(path(medicine, 'update'), sent));
    const previous = { id: 7, medicine_id: 7, medicine_name: 'Napa', updated_at: 'v1' };
    const { data } = await dp.update('medicine', { id: 7, data: { medicine_name: 'Napa Extra' }, previousData: previous });
    expect(data).toMatchObject({ id: 7, medicine_name: 'Napa' });
    expect(sentForReview(data)).toEqual({ message: MESSAGE, request });
    // The mark belongs to this answer, not to the cached record it copies.
    expect(sentForReview(previous)).toBeUndefined();
  });

  it('create and delete are marked the same way; a plain save is not', async () => {
    server.use(http.post(path(medicine, 'create'), sent), http.delete(path(medicine, 'delete'), sent));
    const created = await dp.create('medicine', { data: { medicine_name: 'New' } });
    expect(created.data.id).toBe(0);
    expect(sentForReview(created.data)?.message).toBe(MESSAGE);
    const removed = await dp.delete('medicine', { id: 7, previousData: { id: 7, medicine_id: 7 } });
    expect(sentForReview(removed.data)?.message).toBe(MESSAGE);

    server.use(http.put(path(medicine, 'update'), () => ok({ medicine_id: 7, medicine_name: 'Saved' })));
    const saved = await dp.update('medicine', { id: 7, data: { medicine_name: 'Saved' }, previousData: { id: 7 } });
    expect(sentForReview(saved.data)).toBeUndefined();
  });
});

describe('workflow approver groups: JSON text edited as a list', () => {
  it('reads the stored text as ids and writes ids back as the JSON text the server checks', () => {
    expect(idsOf('[3, 5]')).toEqual([3, 5]);
    expect(idsOf('')).toEqual([]);
    expect(idsOf('not json')).toEqual([]);
    expect(textOf([5, 3])).toBe('[5,3]');
    expect(textOf(undefined)).toBe('[]');
  });
});

describe("a request's diff against the live record", () => {
  const base = {
    change_request_id: 1,
    change_request_resource: 'medicine',
    change_request_record: 7,
    change_request_body: JSON.stringify({ medicine_name: 'Napa Extra', medicine_price: 5 }),
    change_request_approvals: '[]',
  } as unknown as ChangeRequest;

  it('an update shows only the fields it changes, live value before, asked value after', () => {
    const live = { medicine_id: 7, medicine_name: 'Napa', medicine_price: 5 };
    expect(changesOf({ ...base, change_request_action: 'update', live })).toEqual([
      { name: 'medicine_name', before: 'Napa', after: 'Napa Extra' },
    ]);
  });

  it('a delete shows every live field going; a create every field asked for', () => {
    const live = { medicine_id: 7, medicine_name: 'Napa', updated_at: 'v1' };
    expect(changesOf({ ...base, change_request_action: 'delete', live }).map((c) => c.name)).toEqual(['medicine_id', 'medicine_name']);
    expect(changesOf({ ...base, change_request_action: 'create', live: null }).map((c) => c.name)).toEqual([
      'medicine_name',
      'medicine_price',
    ]);
  });
});
