import { Route } from 'react-router-dom';
import type { ConsoleModule } from '../console-module';
import { lazyComponent, withToolMessages } from '../../lazy';
import { EXPLAIN_SLUGS } from '../../../resources/explain';
import { currentView, settleEndedView } from './viewAsSession';
import { useFixedGroups } from './fixedGroups';

// The explainer's screens and buttons are chunks of their own, loaded when first shown, through the shell's chunk (see src/signed-in.ts).
const CheckAccessPage = lazyComponent(
  withToolMessages('explain', () => import('../../signed-in').then((m) => m.inLayout.CheckAccessPage())),
);
const CompareGroupsPage = lazyComponent(
  withToolMessages('explain', () => import('../../signed-in').then((m) => m.inLayout.CompareGroupsPage())),
);
const CheckAccessButton = lazyComponent(
  withToolMessages('explain', () => import('../../signed-in').then((m) => m.inLayout.CheckAccessButton())),
  null,
);
const ViewAsButton = lazyComponent(
  withToolMessages('explain', () => import('../../signed-in').then((m) => m.inLayout.ViewAsButton())),
  null,
);
const LazyViewAsBanner = lazyComponent(
  withToolMessages('explain', () => import('../../signed-in').then((m) => m.inLayout.ViewAsBanner())),
  null,
);

/** The banner's code loads only while a view lasts: an ordinary session fetches nothing for it. */
function ViewAsBanner() {
  return currentView() ? <LazyViewAsBanner /> : null;
}

// A view whose time is up (or whose session is gone) gives the viewer their own session back at start.
settleEndedView();

/**
 * The access explainer: Check access (its menu entry, and a row button on the users list), Compare
 * groups, View as (a row button on the users list; the banner while a view lasts), and why the
 * Super Admin group's row has no live Delete.
 */
export const explainModule: ConsoleModule = {
  name: 'explain',
  routes: [
    <Route key="check-access" path="/explain/check-access" element={<CheckAccessPage />} />,
    <Route key="compare-groups" path="/explain/compare-groups" element={<CompareGroupsPage />} />,
  ],
  appBarItems: [ViewAsBanner],
  // The groups list says on the Super Admin row why it has no live Delete (the server refuses it).
  screens: { group: { useRowRefusals: useFixedGroups } },
  rowActions: {
    users: [
      { name: 'check-access', slug: EXPLAIN_SLUGS.check, component: CheckAccessButton },
      { name: 'view-as', slug: EXPLAIN_SLUGS.viewAs, component: ViewAsButton },
    ],
  },
};
