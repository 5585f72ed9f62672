import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { registry } from '../../resources';
import { createDataProvider, TOKEN_KEY } from '../../dataProvider';
import { server } from '../msw/server';
import { fail, ok, path } from '../msw/contract';

const dp = createDataProvider({ apiUrl: '/api', registry });
const branch = registry.get('branch');
const medicine = registry.get('medicine');
const doctors = registry.get('doctors');

describe('dataProvider', () => {
  it('getList maps pagination, sort, search and filters to the query, and returns total', async () => {
    let seen: URL | undefined;
    let token: string | null = null;
    server.use(
      http.get(path(medicine, 'list'), ({ request }) => {
        seen = new URL(request.url);
        token = request.headers.get('access-token');
        return ok(
          [
            {
              medicine_id: 7,
              medicine_name: 'Napa',
              medicine_category: 3,
              pharmacy_category: { pharmacy_category_id: 3, pharmacy_category_name: 'Analgesics' },
            },
          ],
          { total: 41 },
        );
      }),
    );
    localStorage.setItem(TOKEN_KEY, 'tok-123');
    const result = await dp.getList('medicine', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'medicine_name', order: 'ASC' },
      filter: { q: 'napa', status: '1', medicine_category: 3 },
    });
    expect(seen?.pathname).toBe('/api/medicine/medicine-list/');
    expect(Object.fromEntries(seen!.searchParams)).toEqual({
      page: '2',
      limit: '20',
      sort: 'medicine_name',
      order: 'ASC',
      search: 'napa',
      status: '1',
      medicine_category: '3',
    });
    expect(token).toBe('tok-123');
    expect(result.total).toBe(41);
    expect(result.data[0]).toMatchObject({ id: 7, medicine_id: 7, pharmacy_category: { pharmacy_category_name: 'Analgesics' } });
  });

  it('getList sends status=all when no status filter and maps sort "id" to the idField', async () => {
    let seen: URL | undefined;
    server.use(http.get(path(branch, 'list'), ({ request }) => ((seen = new URL(request.url)), ok([], { total: 0 }))));
    await dp.getList('branch', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(seen?.searchParams.get('status')).toBe('all');
    expect(seen?.searchParams.get('sort')).toBe('branch_id');
  });

  it('getOne reads the record and mirrors the idField as id', async () => {
    server.use(http.get(path(branch, 'get'), ({ params }) => ok({ branch_id: Number(params.id), branch_name: 'Main' })));
    const { data } = await dp.getOne('branch', { id: 12 });
    expect(data).toMatchObject({ id: 12, branch_id: 12, branch_name: 'Main' });
  });

  it('getMany asks the list with ids', async () => {
    let ids: string | null = null;
    server.use(
      http.get(
        path(branch, 'list'),
        ({ request }) => ((ids = new URL(request.url).searchParams.get('ids')), ok([{ branch_id: 1 }, { branch_id: 2 }], { total: 2 })),
      ),
    );
    const { data } = await dp.getMany('branch', { ids: [1, 2] });
    expect(ids).toBe('1,2');
    expect(data.map((r) => r.id)).toEqual([1, 2]);
  });

  it("getMany leaves out a reference's none (0), which names no record: alone it asks nothing", async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get(path(branch, 'list'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('ids'));
        return ok([{ branch_id: 2 }], { total: 1 });
      }),
    );
    expect((await dp.getMany('branch', { ids: [0] })).data).toEqual([]);
    expect(asked).toEqual([]);
    const { data } = await dp.getMany('branch', { ids: [0, 2] });
    expect(asked).toEqual(['2']);
    expect(data.map((r) => r.id)).toEqual([2]);
  });

  it('rows fields are parsed into arrays; unreadable text becomes []', async () => {
    server.use(
      http.get(path(doctors, 'get'), () =>
        ok({
          id: 1,
          name: 'Dr. A',
          degrees: '[{"degree_name":"MBBS","institiute":"DMC"}]',
          experience: 'not json',
          appointment: '',
          contact: null,
        }),
      ),
    );
    const { data } = await dp.getOne('doctors', { id: 1 });
    expect(data.degrees).toEqual([{ degree_name: 'MBBS', institiute: 'DMC' }]);
    expect(data.experience).toEqual([]);
    expect(data.appointment).toEqual([]);
    expect(data.contact).toEqual([]);
  });

  it('create sends JSON for json descriptors, with the contract headers', async () => {
    let body: unknown;
    let type: string | null = null;
    let accept: string | null = null;
    server.use(
      http.post(path(branch, 'create'), async ({ request }) => {
        type = request.headers.get('content-type');
        accept = request.headers.get('accept');
        body = await request.json();
        return ok({ branch_id: 5, ...(body as object) }, {}, 201);
      }),
    );
    const { data } = await dp.create('branch', { data: { branch_code: 'X', branch_name: 'Y', branch_status: 1, ignored: 'no' } });
    expect(type).toContain('application/json');
    expect(accept).toBe('application/json');
    expect(body).toEqual({ branch_code: 'X', branch_name: 'Y', branch_status: 1 });
    expect(data.id).toBe(5);
  });

  it('create sends multipart for multipart descriptors: text parts, a file part and rows as JSON text', async () => {
    let form: FormData | undefined;
    let type: string | null = null;
    server.use(
      http.post(path(doctors, 'create'), async ({ request }) => {
        type = request.headers.get('content-type');
        form = await request.formData();
        return ok({ id: 9, name: 'Dr. B', degrees: form.get('degrees') }, {}, 201);
      }),
    );
    const file = new File(['png-bytes'], 'face.png', { type: 'image/png' });
    const { data } = await dp.create('doctors', {
      data: {
        name: 'Dr. B',
        title: 'GP',
        doctor_department: 4,
        status: 1,
        picture: { rawFile: file, src: 'blob:x', title: 'face.png' },
        degrees: [{ degree_name: 'MBBS', institiute: 'DMC' }],
      },
    });
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    expect(form?.get('name')).toBe('Dr. B');
    expect(form?.get('doctor_department')).toBe('4');
    expect(form?.get('status')).toBe('1');
    expect(form?.get('degrees')).toBe('[{"degree_name":"MBBS","institiute":"DMC"}]');
    const picture = form?.get('picture');
    // A file part, not text (jsdom's File and Node's fetch disagree on the class and file name,
    // so check the part by what it carries).
    expect(typeof picture).not.toBe('string');
    expect((picture as Blob).type).toBe('image/png');
    expect(await (picture as Blob).text()).toBe('png-bytes');
    expect(data.degrees).toEqual([{ degree_name: 'MBBS', institiute: 'DMC' }]);
  });

  it('update omits an unchanged image and sends "" for a removed one', async () => {
    const forms: FormData[] = [];
    server.use(
      http.put(path(medicine, 'update'), async ({ request, params }) => {
        forms.push(await request.formData());
        return ok({ medicine_id: Number(params.id) });
      }),
    );
    const base = { medicine_code: 'C', medicine_name: 'N', medicine_status: 1 };
    await dp.update('medicine', { id: 3, data: { ...base, medicine_picture: 'uploads/medicine/a.webp' }, previousData: { id: 3 } });
    await dp.update('medicine', { id: 3, data: { ...base, medicine_picture: null }, previousData: { id: 3 } });
    expect(forms[0]!.has('medicine_picture')).toBe(false);
    expect(forms[0]!.get('medicine_code')).toBe('C');
    expect(forms[1]!.get('medicine_picture')).toBe('');
  });

  it('delete calls the delete path and returns the previous record', async () => {
    let called = '';
    server.use(http.delete(path(branch, 'delete'), ({ params }) => ((called = String(params.id)), ok(null))));
    const { data } = await dp.delete('branch', { id: 4, previousData: { id: 4, branch_name: 'Old' } });
    expect(called).toBe('4');
    expect(data).toMatchObject({ id: 4, branch_name: 'Old' });
  });

  it('status 0 becomes an HttpError carrying the server message (and field errors)', async () => {
    server.use(http.post(path(branch, 'create'), () => fail('Branch code already exists', 409, { errors: { branch_code: 'Taken' } })));
    const error = await dp.create('branch', { data: { branch_code: 'X' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('Branch code already exists');
    expect((error as HttpError).status).toBe(409);
    expect((error as HttpError).body).toMatchObject({ errors: { branch_code: 'Taken' } });
  });

  it('status 0 under HTTP 200 is still an error', async () => {
    server.use(http.get(path(branch, 'get'), () => HttpResponse.json({ status: 0, message: 'Nope', data: null })));
    await expect(dp.getOne('branch', { id: 1 })).rejects.toThrow('Nope');
  });
});
