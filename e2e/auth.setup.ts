import { test as setup } from '@playwright/test';
import { demoArtist, demoStaff, signInThroughApi, storageStatePath } from './support/accounts';

// Signs the demo artist and staff member in once per run; specs reuse the sessions through
// `test.use({ storageState })` instead of spending a sign-in e-mail (rate-limited) each.
for (const [who, email] of [
  ['artist', demoArtist],
  ['staff', demoStaff],
] as const) {
  setup(`sign in the demo ${who}`, async ({ request, baseURL }) => {
    await signInThroughApi(request, baseURL ?? '', email);
    await request.storageState({ path: storageStatePath(who) });
  });
}
