import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../domain';
import { mockApi } from '../test/mock-api';
import { renderRouter } from '../test/render-page';
import { TopBar } from './top-bar';

afterEach(() => vi.restoreAllMocks());

const artist: SessionUser = {
  userId: '9a1e2f7c-1111-4a2b-8c3d-5e6f7a8b9c0d',
  email: 'maya@example.com',
  role: 'artist',
  name: 'Maya Rivers',
  artistName: 'Night Bus',
  picture: 'http://localhost/files/p?signature=x',
};

function Page() {
  const location = useLocation();
  return <h1>Page {location.pathname}</h1>;
}

function Layout() {
  return (
    <>
      <TopBar />
      <Outlet />
    </>
  );
}

function renderBar(user: SessionUser | null, entry = '/dashboard') {
  const api = mockApi(({ url }) =>
    url.pathname === '/api/me'
      ? { status: 200, body: { success: true, user } }
      : { status: 200, body: { success: true } },
  );
  const router = createMemoryRouter([{ Component: Layout, children: [{ path: '*', Component: Page }] }], {
    initialEntries: [entry],
  });
  renderRouter(router);
  return { api, router };
}

describe('the header bar', () => {
  it('gives a signed-in artist their menu, avatar and artist name', async () => {
    renderBar(artist);
    const account = await screen.findByRole('button', { name: 'Account: Night Bus' });
    expect(account.querySelector('img')?.getAttribute('src')).toBe(artist.picture);
    expect(account.textContent).toContain('Night Bus');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement;
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/dashboard'],
      ['Profile', '/edit-profile'],
      ['Submit Music', '/submit'],
    ]);
    // The public site's own buttons are for visitors.
    expect(screen.queryByRole('link', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Learn More' })).toBeNull();

    await userEvent.click(account);
    // The menu's code arrives on first use (account-menu-list.tsx).
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Dashboard', 'Profile', 'Submit Music', 'Logout']);
    expect(menu.textContent).toContain('maya@example.com');
  });

  it("falls back to the person's name, then 'User'", async () => {
    renderBar({ ...artist, artistName: null, picture: null });
    expect(await screen.findByRole('button', { name: 'Account: Maya Rivers' })).toBeTruthy();
  });

  it("names an artist with neither name 'User'", async () => {
    renderBar({ ...artist, artistName: '  ', name: null });
    expect(await screen.findByRole('button', { name: 'Account: User' })).toBeTruthy();
  });

  it('logs out on the server and goes home', async () => {
    const { api, router } = renderBar(artist);
    await userEvent.click(await screen.findByRole('button', { name: 'Account: Night Bus' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/auth/sign-out')).toBe(
      true,
    );
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('opens the menu as a 240 px drawer, which closes on navigation', async () => {
    const { router } = renderBar(artist);
    await screen.findByRole('button', { name: 'Account: Night Bus' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    const paper = drawer.querySelector('.MuiDrawer-paper') ?? drawer;
    expect(getComputedStyle(paper).width).toBe('240px');
    expect(drawer.textContent).toContain('Night Bus');
    expect(drawer.textContent).toContain('maya@example.com');
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeTruthy();

    await userEvent.click(within(drawer).getByRole('link', { name: 'Profile' }));
    expect(router.state.location.pathname).toBe('/edit-profile');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('links staff to Board, Invitations, Waiting list, Analytics and Test dashboard in the header, and every staff page in the menu', async () => {
    renderBar({ ...artist, role: 'staff', artistName: null, name: 'Sam Staff' }, '/admin/board');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0] as HTMLElement;
    await waitFor(() => expect(within(nav).getAllByRole('link').length).toBe(5));
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Board', '/admin/board'],
      ['Invitations', '/admin/invitations'],
      ['Waiting list', '/admin/waiting-list'],
      ['Analytics', '/analytics'],
      ['Test dashboard', '/test-dashboard'],
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Account: Sam Staff' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Board',
      'Invite',
      'Invitations',
      'Waiting list',
      'Artists',
      'Agreement',
      'Templates',
      'Response promise',
      'Settings',
      'Analytics',
      'Test dashboard',
      'Logout',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Test dashboard' }).getAttribute('href')).toBe(
      '/test-dashboard',
    );
    expect(screen.queryByRole('menuitem', { name: 'Profile' })).toBeNull();
  });

  it('keeps the public links, Sign in and Submit for visitors', async () => {
    renderBar(null, '/');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement;
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Learn More', 'About']);
    expect(screen.getByRole('link', { name: 'Submit' }).getAttribute('href')).toBe('/submit');
  });
});
