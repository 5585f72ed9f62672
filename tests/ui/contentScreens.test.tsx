import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { registry, type ResourceDescriptor } from '../../resources';
import { server } from '../msw/server';
import { allSlugs, listHandlers, ok, path } from '../msw/contract';
import { renderApp, signIn } from './render';

/**
 * Spec 001 content and catalogue screens: the optics form's conditional fields and picture rows,
 * the blog photo size hint, the About singleton's create-or-update rule, link cells in lists, and
 * the route table (aliases and not-found). HTML cells: sanitisedHtml.test.tsx (in jsdom).
 */

const optics = registry.get('optics');
const opticsCategory = registry.get('optics-category');
const blogPhotos = registry.get('blog-photos');
const blogVideos = registry.get('blog-videos');
const about = registry.get('about');

const categories = [{ optics_category_id: 2, optics_category_code: 'FRM', optics_category_name: 'Frames', optics_category_status: 1 }];

/** An optics item as the contract sends it: pictures as JSON text, the category embedded. */
const opticsRow = (id: number, pictures: string[], extra: Record<string, unknown> = {}) => ({
  optics_id: id,
  optics_code: `OPT-${id}`,
  optics_name: `Optics item ${id}`,
  optics_sku: '',
  optics_category: 2,
  category: { optics_category_id: 2, optics_category_name: 'Frames' },
  optics_type: 'Frame',
  optics_frame_material: 'Metal',
  optics_frame_shape: 'Aviator',
  optics_lens_type: null,
  optics_lens_power: null,
  optics_coating: '',
  optics_batch_no: '',
  optics_expiry_date: null,
  optics_stock_qty: 3,
  optics_purchase_price: 100,
  optics_sales_price: 150,
  optics_sales_profit: 50,
  optics_description: '<p>Frame</p>',
  optics_picture: JSON.stringify(pictures),
  optics_status: 1,
  ...extra,
});

/** The list behind every optics screen, plus the category list its select and filter read. */
function opticsScreen(rows: Record<string, unknown>[]) {
  signIn(allSlugs(optics));
  server.use(...listHandlers(optics, rows), ...listHandlers(opticsCategory, categories));
}

/** A multipart body as plain data: text parts as strings, file parts as their File objects. */
/** A part as the server would store it: text as sent, a picture as the path it is saved under. */
const partText = (v: string | File | undefined) => (v === undefined ? '' : typeof v === 'string' ? v : `uploads/about/${v.name}`);

async function readMultipart(request: Request): Promise<Map<string, (string | File)[]>> {
  const parts = new Map<string, (string | File)[]>();
  for (const [name, value] of (await request.formData()).entries()) parts.set(name, [...(parts.get(name) ?? []), value]);
  return parts;
}

/** Opens a MUI select by its label and picks an option (MUI listens to mousedown, not click). */
async function choose(container: HTMLElement, label: RegExp, option: string) {
  fireEvent.mouseDown(within(container).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

/** A small image file whose bytes name it, so the server side can tell which file it received. */
const png = (name: string) => new File([`PNG:${name}`], name, { type: 'image/png' });

/**
 * What a file part carried. Not its filename: vitest's jsdom environment re-packs the FormData
 * for Node's fetch without the filename (every part arrives as "blob"); a browser keeps it.
 */
const contentOf = async (part: string | File | undefined) => (typeof part === 'object' ? [part.type, await part.text()] : part);

describe('optics form: fields by type', () => {
  // A MUI select's accessible name is its label followed by its value, hence the anchored regexes.
  const select = (dialog: HTMLElement, label: RegExp) => within(dialog).queryByRole('combobox', { name: label });

  /** Which of the four conditional inputs are on screen, by label. */
  const shown = (dialog: HTMLElement) => ({
    frameMaterial: select(dialog, /^Frame Material/) !== null,
    frameShape: select(dialog, /^Frame Shape/) !== null,
    lensType: select(dialog, /^Lens Type/) !== null,
    lensPower: within(dialog).queryByLabelText('Lens Power') !== null,
  });

  it('shows the defaults, then frame and/or lens fields as the type changes', async () => {
    opticsScreen([]);
    renderApp('/optics/create');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('New Optics Item')).toBeInTheDocument();

    // Defaults of spec 001 section 3.
    expect(select(dialog, /^Type/)).toHaveTextContent('Optical');
    expect(select(dialog, /^Frame Material/)).toHaveTextContent('Plastic');
    expect(select(dialog, /^Frame Shape/)).toHaveTextContent('Rectangle');
    expect(select(dialog, /^Lens Type/)).toHaveTextContent('Single Vision');
    expect(within(dialog).getByRole('switch', { name: 'Status' })).toBeChecked();
    expect(shown(dialog)).toEqual({ frameMaterial: true, frameShape: true, lensType: true, lensPower: true });

    await choose(dialog, /^Type/, 'Frame');
    await waitFor(() => expect(shown(dialog)).toEqual({ frameMaterial: true, frameShape: true, lensType: false, lensPower: false }));

    await choose(dialog, /^Type/, 'Lens');
    await waitFor(() => expect(shown(dialog)).toEqual({ frameMaterial: false, frameShape: false, lensType: true, lensPower: true }));

    await choose(dialog, /^Type/, 'Accessory');
    await waitFor(() => expect(shown(dialog)).toEqual({ frameMaterial: false, frameShape: false, lensType: false, lensPower: false }));

    // Back to Optical: everything returns, with the values it had.
    await choose(dialog, /^Type/, 'Optical');
    await waitFor(() => expect(shown(dialog)).toEqual({ frameMaterial: true, frameShape: true, lensType: true, lensPower: true }));
    expect(select(dialog, /^Frame Material/)).toHaveTextContent('Plastic');
  });
});

describe('optics pictures', () => {
  const stored = ['uploads/optics/a.png', 'uploads/optics/b.png'];

  /** Renders /optics/7 over a record with two stored pictures; `sent` receives the PUT body. */
  async function editPictures() {
    const row = opticsRow(7, stored);
    opticsScreen([row]);
    const sent: { id?: string; body?: Map<string, (string | File)[]> } = {};
    server.use(
      http.put(path(optics, 'update'), async ({ request, params }) => {
        sent.id = String(params.id);
        sent.body = await readMultipart(request);
        return ok({ ...row, optics_picture: JSON.stringify(['uploads/optics/b.png', 'uploads/optics/new.png']) });
      }),
    );
    renderApp('/optics/7');
    const dialog = await screen.findByRole('dialog');
    // The rows appear once get-optics answers.
    await within(dialog).findByRole('listitem', { name: 'Image 2' });
    return { dialog, sent };
  }

  it('remove one and add one: the PUT keeps one path as JSON and uploads one file', async () => {
    const user = userEvent.setup();
    const { dialog, sent } = await editPictures();
    const rows = within(dialog).getByRole('group', { name: 'Pictures' });
    expect(within(rows).getByRole('listitem', { name: 'Image 1' })).toHaveTextContent('a.png');
    expect(within(rows).getByRole('listitem', { name: 'Image 2' })).toHaveTextContent('b.png');
    expect(
      within(rows)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/api/uploads/optics/a.png', '/api/uploads/optics/b.png']);

    await user.click(within(rows).getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => expect(within(rows).getAllByRole('listitem')).toHaveLength(1));
    expect(within(rows).getByRole('listitem', { name: 'Image 1' })).toHaveTextContent('b.png');

    await user.upload(within(rows).getByLabelText('Add images'), png('new.png'));
    await waitFor(() => expect(within(rows).getAllByRole('listitem')).toHaveLength(2));
    expect(within(rows).getByRole('listitem', { name: 'Image 2' })).toHaveTextContent('new.png');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.id).toBe('7');
    expect(sent.body?.get('optics_picture_json')).toEqual([JSON.stringify(['uploads/optics/b.png'])]);
    const files = sent.body?.get('optics_picture') ?? [];
    expect(files).toHaveLength(1);
    expect(await contentOf(files[0])).toEqual(['image/png', 'PNG:new.png']);
    // The rest of the record travels too; no id or embedded object in the body.
    expect(sent.body?.get('optics_code')).toEqual(['OPT-7']);
    expect(sent.body?.has('optics_id')).toBe(false);
    expect(sent.body?.has('category')).toBe(false);
  });

  it('replace one: the replaced path leaves the JSON list and its file is uploaded', async () => {
    const user = userEvent.setup();
    const { dialog, sent } = await editPictures();
    const rows = within(dialog).getByRole('group', { name: 'Pictures' });

    // The replace icon's tooltip labels its <label> too; the file input is the one to upload to.
    await user.upload(within(rows).getByLabelText('Replace image 1', { selector: 'input' }), png('front.png'));
    await waitFor(() => expect(within(rows).getByRole('listitem', { name: 'Image 1' })).toHaveTextContent('front.png'));
    expect(within(rows).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.body).toBeDefined());
    expect(sent.body?.get('optics_picture_json')).toEqual([JSON.stringify(['uploads/optics/b.png'])]);
    const files = sent.body?.get('optics_picture') ?? [];
    expect(files).toHaveLength(1);
    expect(await contentOf(files[0])).toEqual(['image/png', 'PNG:front.png']);
  });

  it('the list shows the thumbnails of a record with pictures and "No Image" for one without', async () => {
    opticsScreen([opticsRow(8, stored), opticsRow(9, [], { optics_name: 'Cleaning kit' })]);
    renderApp('/optics');
    const table = await screen.findByRole('table');
    const withPictures = (await within(table).findByText('Optics item 8')).closest('tr')!;
    const without = within(table).getByText('Cleaning kit').closest('tr')!;
    // Thumbnails are decorative (alt=""), so they are found as elements, not by role.
    expect([...withPictures.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/api/uploads/optics/a.png',
      '/api/uploads/optics/b.png',
    ]);
    expect(within(withPictures).queryByText('No Image')).not.toBeInTheDocument();
    expect(without.querySelectorAll('img')).toHaveLength(0);
    expect(within(without).getByText('No Image')).toBeInTheDocument();
    // The category column reads the embedded object.
    expect(within(withPictures).getByText('Frames')).toBeInTheDocument();
  });
});

describe('blog photo picture size', () => {
  it('is 640x360 without a type or for Campaign, 1280x720 for Slider', async () => {
    signIn(allSlugs(blogPhotos));
    server.use(...listHandlers(blogPhotos, []));
    renderApp('/blog-photos/create');
    const dialog = await screen.findByRole('dialog');
    const size = (w: number, h: number) => `Recommended size: ${w}x${h} px`;

    expect(within(dialog).getByText(size(640, 360))).toBeInTheDocument();
    await choose(dialog, /^Type/, 'Slider');
    expect(await within(dialog).findByText(size(1280, 720))).toBeInTheDocument();
    expect(within(dialog).queryByText(size(640, 360))).not.toBeInTheDocument();
    await choose(dialog, /^Type/, 'Campaign');
    expect(await within(dialog).findByText(size(640, 360))).toBeInTheDocument();
    await choose(dialog, /^Type/, 'Slider');
    expect(await within(dialog).findByText(size(1280, 720))).toBeInTheDocument();
  });

  it('the dialog lists title, description, type, picture and status in the spec order', async () => {
    signIn(allSlugs(blogPhotos));
    server.use(...listHandlers(blogPhotos, []));
    renderApp('/blog-photos/create');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/^Picture/);
    // Where each label first appears in the dialog's text, in document order.
    const text = dialog.textContent ?? '';
    const at = ['Title', 'Description', 'Type', 'Picture', 'Status'].map((label) => text.indexOf(label));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});

describe('About singleton: create or update', () => {
  /**
   * The about contract: a list holding zero or one record, create and update. Records every call
   * so a test can tell which one a save made; a create stores the record, as the server would.
   */
  function aboutApi(initial: Record<string, unknown> | undefined) {
    let stored = initial;
    const calls = {
      lists: 0,
      creates: [] as Map<string, (string | File)[]>[],
      updates: [] as { id: string; body: Map<string, (string | File)[]> }[],
    };
    server.use(
      http.get(path(about, 'list'), () => {
        calls.lists += 1;
        return ok(stored ? [stored] : [], { total: stored ? 1 : 0 });
      }),
      http.post(path(about, 'create'), async ({ request }) => {
        const body = await readMultipart(request);
        calls.creates.push(body);
        stored = { id: 1, ...Object.fromEntries([...body].map(([k, v]) => [k, partText(v[0])])) };
        return ok(stored, {}, 201);
      }),
      http.put(path(about, 'update'), async ({ request, params }) => {
        const body = await readMultipart(request);
        calls.updates.push({ id: String(params.id), body });
        stored = { ...stored, ...Object.fromEntries([...body].map(([k, v]) => [k, partText(v[0])])) };
        return ok(stored);
      }),
    );
    return calls;
  }

  const whyChooseUs = [
    { title: '24/7 Emergency', description: 'Doctors day and night.' },
    { title: 'Modern Diagnostics', description: 'MRI and CT in house.' },
  ];
  const record = {
    id: 1,
    title: 'Green Life Medical Hospital',
    sub_title: 'Compassionate care',
    description: 'Since 2005.',
    why_choose_us: JSON.stringify(whyChooseUs),
    appointment_email: 'appointment@hospital.local',
    logo: 'uploads/about/logo.png',
    logo_icon: '',
    picture_1: '',
    picture_2: '',
  };

  // Only the about slugs: the catalogue summary then shows no card and calls no other list.
  beforeEach(() => signIn(allSlugs(about)));

  it('with no record, saving creates it (multipart), reloads, and the next save updates', async () => {
    const calls = aboutApi(undefined);
    const user = userEvent.setup();
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 2, name: 'About' })).toBeInTheDocument();
    const title = await screen.findByLabelText(/^Title \*/);
    expect(title).toHaveValue('');
    // The logo and logo icon inputs carry their recommended size.
    expect(screen.getAllByText('Recommended size: 250x120 px')).toHaveLength(2);
    expect(screen.getByText('Recommended size: 865x741 px')).toBeInTheDocument();
    expect(screen.getByText('Recommended size: 570x764 px')).toBeInTheDocument();

    await user.type(title, 'Green Life');
    const listsBefore = calls.lists;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.creates).toHaveLength(1));
    const created = calls.creates[0]!;
    expect(created.get('title')).toEqual(['Green Life']);
    expect(created.get('why_choose_us')).toEqual(['[]']);
    expect(created.has('id')).toBe(false);
    expect(calls.updates).toHaveLength(0);

    // The page reloads the list and now edits the stored record.
    await waitFor(() => expect(calls.lists).toBeGreaterThan(listsBefore));
    expect(await screen.findByText('Data Insert Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Title \*/)).toHaveValue('Green Life'));
    const again = screen.getByLabelText(/^Title \*/);
    await user.clear(again);
    await user.type(again, 'Green Life Hospital');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.updates).toHaveLength(1));
    expect(calls.updates[0]!.id).toBe('1');
    expect(calls.updates[0]!.body.get('title')).toEqual(['Green Life Hospital']);
    expect(calls.creates).toHaveLength(1);
  });

  it('without update permission the record shows but cannot be saved', async () => {
    signIn(allSlugs(about).filter((slug) => slug !== 'about/about-update'));
    aboutApi(record);
    renderApp('/about');
    await waitFor(() => expect(screen.getAllByLabelText(/^Title \*/)[0]).toHaveValue('Green Life Medical Hospital'));
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('the home page of a user who may not see About shows the summary, not an error', async () => {
    signIn([]);
    renderApp('/');
    expect(await screen.findByText('Catalogue summary')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title \*/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('with a record, the form is filled from it and saving updates it, never creates', async () => {
    const calls = aboutApi(record);
    const user = userEvent.setup();
    renderApp('/about');
    await waitFor(() => expect(screen.getAllByLabelText(/^Title \*/)[0]).toHaveValue('Green Life Medical Hospital'));
    expect(screen.getByLabelText('Sub Title')).toHaveValue('Compassionate care');
    // why_choose_us arrives as JSON text and shows as rows.
    expect(screen.getByDisplayValue('24/7 Emergency')).toBeInTheDocument();
    expect(screen.getByDisplayValue('MRI and CT in house.')).toBeInTheDocument();
    expect(screen.getAllByText('Recommended size: 250x120 px')).toHaveLength(2);

    // Edit one row, then save.
    const rowTitle = screen.getByDisplayValue('Modern Diagnostics');
    await user.clear(rowTitle);
    await user.type(rowTitle, 'Modern Imaging');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.updates).toHaveLength(1));
    expect(await screen.findByText('Data Update Successfully')).toBeInTheDocument();

    const { id, body } = calls.updates[0]!;
    expect(id).toBe('1');
    expect(body.get('title')).toEqual(['Green Life Medical Hospital']);
    expect(body.get('why_choose_us')).toEqual([
      JSON.stringify([whyChooseUs[0], { title: 'Modern Imaging', description: 'MRI and CT in house.' }]),
    ]);
    // An unchanged stored picture is left out (the server keeps it); no id in the body.
    expect(body.has('logo')).toBe(false);
    expect(body.has('id')).toBe(false);
    expect(calls.creates).toHaveLength(0);
  });
});

describe('list cells', () => {
  it('blog videos: the thumbnail opens the video in a new tab', async () => {
    const url = 'https://www.youtube.com/watch?v=Xc9mHp2Lq4E';
    signIn(allSlugs(blogVideos));
    server.use(
      ...listHandlers(blogVideos, [
        { id: 3, title: 'Warning signs of a heart attack', video_link: url, thumbnail: 'uploads/blogs/heart.png', status: 1 },
      ]),
    );
    renderApp('/blog-videos');
    const link = await screen.findByRole('link', { name: `Open ${url} in a new tab` });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(/\s+/)).toContain('noopener');
    expect(link.querySelector('img')).toHaveAttribute('src', '/api/uploads/blogs/heart.png');
  });
});

describe('routes', () => {
  it('an unknown path shows the not-found page', async () => {
    signIn(allSlugs(about));
    renderApp('/no-such-screen');
    expect(await screen.findByText('Not Found')).toBeInTheDocument();
    expect(screen.getByText(/Either you typed a wrong URL/)).toBeInTheDocument();
  });

  it.each(['/', '/home', '/about'])('%s opens on the Dashboard and its summary, the About editor below', async (at) => {
    signIn(allSlugs(about));
    server.use(...listHandlers(about, []));
    renderApp(at);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const summary = screen.getByRole('heading', { name: 'Catalogue summary' });
    const editor = await screen.findByRole('heading', { level: 2, name: 'About' });
    expect(summary.compareDocumentPosition(editor) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findByLabelText(/^Title \*/)).toBeInTheDocument();
  });

  /** [alias, resource, the heading its list screen shows] */
  const aliases: [string, string, string][] = [
    ['/advices', 'advice', 'Advice'],
    ['/chambers', 'chamber', 'Chambers'],
    ['/schedules', 'schedule', 'Schedules'],
    ['/video-gallery', 'blog-videos', 'Blog Videos'],
    ['/photo-gallery', 'blog-photos', 'Blog Photos'],
    ['/optics/optics-list', 'optics', 'Optics'],
    ['/donations', 'donation', 'Donations'],
  ];

  it.each(aliases)('%s redirects to the %s screen', async (alias, name, heading) => {
    const d: ResourceDescriptor = registry.get(name);
    signIn(allSlugs(d));
    server.use(...listHandlers(d, []), ...listHandlers(opticsCategory, categories));
    renderApp(alias);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
    // The screen itself, not a dialog opened for an id named like the alias (/optics/optics-list).
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
