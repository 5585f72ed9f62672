import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { registry } from '../../../resources';
import { allSlugs, fail, listHandlers, path } from '../../msw/contract';
import { server } from '../../msw/server';
import { renderApp, signIn } from '../render';

configure({ asyncUtilTimeout: 15_000 });

const branch = registry.get('branch');
const row = {
  branch_id: 11,
  branch_code: 'DHK-01',
  branch_name: 'Dhanmondi Main',
  branch_phone: '1',
  branch_email: 'a@x.test',
  branch_address: 'Dhaka',
  branch_opening_date: '2022-01-10',
  branch_status: 1,
};

/** Opens branch 11's dialog in Bengali and presses Save; the server's answer is `refusal`. */
async function refusedSave(refusal: () => Response) {
  localStorage.setItem('language', 'bn');
  signIn(allSlugs(branch));
  server.use(...listHandlers(branch, [row]), http.put(path(branch, 'update'), refusal));
  const user = userEvent.setup();
  renderApp('/branch/11');
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByDisplayValue('DHK-01')).toBeInTheDocument());
  await user.click(within(dialog).getByRole('button', { name: 'সংরক্ষণ' }));
  return dialog;
}

describe("the server's refusals in the user's language", { timeout: 120_000 }, () => {
  it('a refused save shows the Bengali text of an English server message in the toast', async () => {
    await refusedSave(() => fail('You may only manage records of your own branch', 403));
    expect(await screen.findByText('আপনি শুধু নিজের শাখার রেকর্ড পরিচালনা করতে পারেন')).toBeInTheDocument();
    expect(screen.queryByText('You may only manage records of your own branch')).toBeNull();
  });

  it("a 422's joined field messages are translated part by part, in the toast and under each field", async () => {
    const errors = { branch_code: 'branch_code must be at most 50 characters', branch_name: 'branch_name is required' };
    const dialog = await refusedSave(() => fail(Object.values(errors).join('; '), 422, { errors }));
    // The toast names each field by its label (issue 52 item 7), never its column name.
    expect(await screen.findByText('কোড: সর্বোচ্চ 50টি অক্ষর হতে পারবে; নাম: আবশ্যক')).toBeInTheDocument();
    expect(screen.queryByText(/branch_code|branch_name/)).toBeNull();
    expect((await within(dialog).findAllByText(/সর্বোচ্চ 50টি অক্ষর হতে পারবে$/)).length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText(/আবশ্যক$/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/must be at most|is required/)).toBeNull();
  });
});
