import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { aboutPath, type PublicConfig } from '../domain/public-config';
import { RequireRole } from './auth/require-role';
import { PublicLayout } from './layout/public-layout';
import { RootErrorPage } from './layout/root-error-page';
import { StaffArea } from './layout/staff-area';
import { SigningLayout } from './pages/sign/signing-layout';

/** Every page's module, by its path under src/web (the key Vite's manifest gives its chunk). */
const pageModules = Object.fromEntries(
  Object.entries(import.meta.glob<Record<string, unknown>>('./pages/**/*-page.tsx')).map(([file, load]) => [
    file.slice('./'.length),
    load,
  ]),
);

/**
 * A page loaded on first visit. The layout's Suspense boundary shows "Loading..." meanwhile
 * (spec 001 §2). Pages export named components; this picks the one named. The page keeps its
 * module's path (`module`), by which the server finds the chunks to preload with a page it sends
 * unrendered (`pageModulesAt`).
 */
function lazyPage(module: string, name: string) {
  const loadModule = pageModules[module];
  if (!loadModule) throw new Error(`No page module ${module}`);
  const load = async () => {
    const loaded = await loadModule();
    if (typeof loaded[name] !== 'function') throw new Error(`${module} has no page ${name}`);
    return loaded;
  };
  const page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return Object.assign(page, { preload: load, module });
}

/**
 * Starts fetching the code of the pages `router` is on, without waiting for React to render
 * them: a signed-in page's code then loads while the session is checked, not after, and a page the
 * server rendered is hydrated as soon as it can be. A data router keeps a route's
 * `Component` as its `element` (React Router's `mapRouteProperties`), so the page is read there.
 */
export function preloadCurrentPages(router: {
  state: { matches: Array<{ route: { Component?: unknown; element?: unknown } }> };
}) {
  return Promise.all(
    router.state.matches.map(({ route }) => {
      const element = route.element as { type?: unknown } | null | undefined;
      const component = (route.Component ?? element?.type) as
        | { preload?: () => Promise<unknown> }
        | undefined;
      return component?.preload?.();
    }),
  );
}

const HomePage = lazyPage('pages/public/home-page.tsx', 'HomePage');
const LearnMorePage = lazyPage('pages/public/learn-more-page.tsx', 'LearnMorePage');
const AboutPage = lazyPage('pages/public/about-page.tsx', 'AboutPage');
const FaqPage = lazyPage('pages/public/faq-page.tsx', 'FaqPage');
const TermsOfServicePage = lazyPage('pages/public/terms-of-service-page.tsx', 'TermsOfServicePage');
const PrivacyPolicyPage = lazyPage('pages/public/privacy-policy-page.tsx', 'PrivacyPolicyPage');
const CookiePolicyPage = lazyPage('pages/public/cookie-policy-page.tsx', 'CookiePolicyPage');
const DataProtectionPage = lazyPage('pages/public/data-protection-page.tsx', 'DataProtectionPage');
const NotFoundPage = lazyPage('pages/public/not-found-page.tsx', 'NotFoundPage');
const UnsubscribePage = lazyPage('pages/public/unsubscribe-page.tsx', 'UnsubscribePage');

const SubmitPage = lazyPage('pages/submit/submit-page.tsx', 'SubmitPage');
const SubmitSuccessPage = lazyPage('pages/submit/submit-success-page.tsx', 'SubmitSuccessPage');
const InvitationPage = lazyPage('pages/submit/invitation-page.tsx', 'InvitationPage');
const ReturningArtistPage = lazyPage('pages/submit/returning-artist-page.tsx', 'ReturningArtistPage');

const LoginPage = lazyPage('pages/artist/login-page.tsx', 'LoginPage');
const VerifySignInPage = lazyPage('pages/artist/verify-sign-in-page.tsx', 'VerifySignInPage');
const DashboardPage = lazyPage('pages/artist/dashboard-page.tsx', 'DashboardPage');
const EditProfilePage = lazyPage('pages/artist/edit-profile-page.tsx', 'EditProfilePage');
const SubmissionPage = lazyPage('pages/artist/submission-page.tsx', 'SubmissionPage');
const ReleaseDetailsPage = lazyPage('pages/artist/release-details-page.tsx', 'ReleaseDetailsPage');
const SigningPage = lazyPage('pages/sign/signing-page.tsx', 'SigningPage');
const VerifyContractPage = lazyPage('pages/contracts/verify-page.tsx', 'VerifyContractPage');

const SubmissionDetailsPage = lazyPage('pages/staff/submission-details-page.tsx', 'SubmissionDetailsPage');
const BoardPage = lazyPage('pages/staff/board-page.tsx', 'BoardPage');
const ArtistPage = lazyPage('pages/staff/artist-page.tsx', 'ArtistPage');
const TestDashboardPage = lazyPage('pages/staff/test-dashboard-page.tsx', 'TestDashboardPage');
const AnalyticsPage = lazyPage('pages/staff/analytics-page.tsx', 'AnalyticsPage');
const AdminInvitePage = lazyPage('pages/staff/admin-invite-page.tsx', 'AdminInvitePage');
const InvitationsPage = lazyPage('pages/staff/invitations-page.tsx', 'InvitationsPage');
const WaitingListPage = lazyPage('pages/staff/waiting-list-page.tsx', 'WaitingListPage');
const ArtistsPage = lazyPage('pages/staff/artists-page.tsx', 'ArtistsPage');
const DecisionTemplatesPage = lazyPage('pages/staff/decision-templates-page.tsx', 'DecisionTemplatesPage');
const SettingsPage = lazyPage('pages/staff/settings-page.tsx', 'SettingsPage');
const ResponsePromisePage = lazyPage('pages/staff/response-promise-page.tsx', 'ResponsePromisePage');
const AgreementTemplatePage = lazyPage(
  'pages/staff/agreement/agreement-template-page.tsx',
  'AgreementTemplatePage',
);

function ArtistArea() {
  return <RequireRole userRole="artist" />;
}

/** Artist or staff: pages both open (the server checks ownership of what they show). */
function SignedInArea() {
  return <RequireRole />;
}

/** The route table of spec 001 §2 and spec 000 §2, plus a 404 page for every other path. */
export function appRoutes(config: Pick<PublicConfig, 'labelName'>): RouteObject[] {
  return [
    {
      Component: PublicLayout,
      ErrorBoundary: RootErrorPage,
      children: [
        // Public site (spec 001 §2)
        { index: true, Component: HomePage },
        { path: 'learn-more', Component: LearnMorePage },
        { path: aboutPath(config.labelName), Component: AboutPage },
        { path: 'faq', Component: FaqPage },
        { path: 'terms-of-service', Component: TermsOfServicePage },
        { path: 'privacy-policy', Component: PrivacyPolicyPage },
        { path: 'cookie-policy', Component: CookiePolicyPage },
        { path: 'data-protection', Component: DataProtectionPage },

        // Submitting (spec 001 §2)
        { path: 'submit', Component: SubmitPage },
        { path: 'submit/success', Component: SubmitSuccessPage },
        { path: 'i/:token', Component: InvitationPage },
        { path: 'r/:token', Component: ReturningArtistPage },
        // A reminder's or notice's List-Unsubscribe link, opened in a browser (RFC 8058)
        { path: 'unsubscribe/:token', Component: UnsubscribePage },

        // Sign-in (design.md §1)
        { path: 'login', Component: LoginPage },
        { path: 'login/verify', Component: VerifySignInPage },

        // Signed-in artist area (spec 000 §2, §5: visitors are sent to /login)
        {
          Component: ArtistArea,
          children: [
            { path: 'dashboard', Component: DashboardPage },
            { path: 'edit-profile', Component: EditProfilePage },
            // Without an id the page says so (spec 000 §2), rather than the generic not-found page.
            { path: 'submission', Component: SubmissionPage },
            { path: 'submission/:id', Component: SubmissionPage },
            { path: 'release-details/:id', Component: ReleaseDetailsPage },
          ],
        },

        // Staff (spec 001 §2; design.md §2 puts them behind the staff role)
        {
          Component: StaffArea,
          children: [
            { path: 'admin/board', Component: BoardPage },
            { path: 'details/:submissionId', Component: SubmissionDetailsPage },
            { path: 'artist/:artistId', Component: ArtistPage },
            { path: 'test-dashboard', Component: TestDashboardPage },
            { path: 'analytics', Component: AnalyticsPage },
            { path: 'admin/invite', Component: AdminInvitePage },
            { path: 'admin/invitations', Component: InvitationsPage },
            { path: 'admin/waiting-list', Component: WaitingListPage },
            { path: 'admin/artists', Component: ArtistsPage },
            { path: 'admin/agreement', Component: AgreementTemplatePage },
            { path: 'admin/templates', Component: DecisionTemplatesPage },
            { path: 'admin/settings', Component: SettingsPage },
            { path: 'admin/response-promise', Component: ResponsePromisePage },
          ],
        },

        // The artist agreement's check page: the artist and staff both open it
        {
          Component: SignedInArea,
          children: [{ path: 'contracts/:id/verify', Component: VerifyContractPage }],
        },

        { path: '*', Component: NotFoundPage },
      ],
    },
    // The signing page opens in a popup: no site header. It answers a visitor by
    // sending them to /login with the way back, from the server's 401.
    {
      Component: SigningLayout,
      ErrorBoundary: RootErrorPage,
      children: [{ path: 'sign/:token', Component: SigningPage }],
    },
  ];
}

/**
 * The modules of the pages the route table opens at `pathname` (their paths under src/web), for
 * the server to preload their code with the page: found one import at a time, a page's chunks
 * are a chain of round trips.
 */
export function pageModulesAt(config: Pick<PublicConfig, 'labelName'>, pathname: string): string[] {
  return (matchRoutes(appRoutes(config), pathname) ?? []).flatMap(({ route }) => {
    const module = (route.Component as { module?: unknown } | null | undefined)?.module;
    return typeof module === 'string' ? [module] : [];
  });
}

export function createAppRouter(config: Pick<PublicConfig, 'labelName'>) {
  return createBrowserRouter(appRoutes(config));
}
