import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { registry } from '../../../resources';
import { createDataProvider } from '../../../dataProvider';
import { SERVER_UNAVAILABLE } from '../../../dataProvider/httpClient';
import { createI18nProvider } from '../../../i18n';
import { server } from '../../msw/server';
import { path } from '../../msw/contract';

/** While the server cannot serve, the console says so in the user's language, never a raw page. */
const dp = createDataProvider({ apiUrl: '/api', registry });
const branch = registry.get('branch');
const DATABASE_UNAVAILABLE = 'The database is unavailable; try again shortly';

const failure = async (): Promise<HttpError> => {
  try {
    await dp.getList('branch', { pagination: { page: 1, perPage: 10 }, sort: { field: 'branch_id', order: 'ASC' }, filter: {} });
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('the list did not fail');
};

describe('server unavailable', () => {
  it("shows the server's 503 envelope message, translated", async () => {
    server.use(
      http.get(path(branch, 'list'), () => HttpResponse.json({ status: 0, message: DATABASE_UNAVAILABLE, data: null }, { status: 503 })),
    );
    const err = await failure();
    expect(err.status).toBe(503);
    expect(err.message).toBe(DATABASE_UNAVAILABLE);
    const i18n = createI18nProvider();
    await i18n.changeLocale('es');
    expect(i18n.translate(err.message)).toBe('La base de datos no está disponible; inténtelo de nuevo en unos momentos');
  });

  it("says the server is unavailable for a gateway's own 502/503/504 page", async () => {
    for (const status of [502, 503, 504]) {
      server.use(http.get(path(branch, 'list'), () => new HttpResponse('<html><body><h1>Bad gateway</h1></body></html>', { status })));
      const err = await failure();
      expect(err.status).toBe(status);
      expect(err.message).toBe(SERVER_UNAVAILABLE);
    }
    const i18n = createI18nProvider();
    await i18n.changeLocale('bn');
    expect(i18n.translate(SERVER_UNAVAILABLE)).toBe('সার্ভার এখন পাওয়া যাচ্ছে না; একটু পরে আবার চেষ্টা করুন');
  });
});
