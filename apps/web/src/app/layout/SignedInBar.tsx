import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import { Link } from 'react-router';
import { useSignOut } from '../../features/auth/api/logout';
import { ScanButton } from '../../components/scan/ScanButton';
import { paths } from '../../lib/paths';
import type { PublicUser } from '../../lib/session/session-store';
import { userCan } from '../../lib/session/use-can';
import { messages } from '../../i18n';
import { currentFor } from './nav-current';

const t = messages.common.nav;

/**
 * The six areas: `pages` are the screens a link itself opens, `within` the screens reached from
 * it (a part's page, its edit and delete screens belong to 'Elenco Componenti'). A `roomy` area
 * needs more width than the expanded bar has below 1200 px (the five and the e-mail fill it from
 * 992 px): there it moves into the user menu; it is in the bar from 1200 px (the e-mail then
 * shortened) and in the collapsed menu of a phone.
 */
const LINKS = [
  { to: paths.home.getHref(), label: t.home, pages: [paths.home.path, paths.dashboard.path], within: [] },
  {
    to: paths.parts.getHref(),
    label: t.list,
    pages: [paths.parts.path],
    within: [paths.part.path, paths.editPart.path, paths.deletePart.path],
  },
  { to: paths.addPart.getHref(), label: t.add, pages: [paths.addPart.path], within: [] },
  { to: paths.warehouse.getHref(), label: t.warehouse, pages: [paths.warehouse.path], within: [] },
  {
    to: paths.categories.getHref(),
    label: t.categories,
    pages: [paths.categories.path],
    within: [paths.category.path],
  },
  {
    to: paths.vehicles.getHref(),
    label: messages.vehicles.nav,
    pages: [paths.vehicles.path],
    within: [paths.vehicle.path, paths.addVehicle.path, paths.editVehicle.path],
    roomy: true,
  },
] as const;

/** The areas that move into the user menu while the expanded bar is too narrow for them. */
const ROOMY_LINKS = LINKS.filter((link) => 'roomy' in link);

/** Links to screens that change the warehouse: a signed-in user whose role cannot (sola lettura) does not see them. */
const PARTS_WRITE_LINKS: ReadonlySet<string> = new Set([paths.addPart.getHref()]);

/**
 * The warehouse's screens in the user menu: the bar has no room for more areas from 992 px (the
 * five and the e-mail fill it). 'Cestino' only for a role that changes parts.
 */
const MENU_LINKS = [
  { to: paths.activity.getHref(), label: t.activity, writes: false },
  { to: paths.bin.getHref(), label: t.bin, writes: true },
  { to: paths.imports.getHref(), label: messages.imports.nav, writes: true },
] as const;

// Menu items get no eventKey: react-bootstrap would then mark them aria-selected (not allowed on
// links and buttons); they still close the menu and the collapsed bar when chosen.

/**
 * The bar of a signed-in user (AppNavbar draws a visitor's): the yard's name, the five areas and
 * the user menu (with 'Attività', and 'Cestino' and 'Utenti' for the roles that have them). The
 * area of the page shown is marked (aria-current), also on the pages within it. Below the lg
 * breakpoint the areas collapse behind a menu button, which closes again once a link is chosen.
 * A chunk of its own, preloaded by the pages behind sign-in (vite.config.ts): the menus, their
 * positioning and their texts are not part of the sign-in screen.
 */
export default function SignedInBar({ user, pathname }: { user: PublicUser; pathname: string }) {
  const signOut = useSignOut();
  return (
    <Navbar
      expand="lg"
      collapseOnSelect
      className="app-navbar bg-body-tertiary border-bottom"
      aria-label={t.label}
    >
      {/* Full width: the five links and the user's email need the room on a laptop screen. */}
      <Container fluid className="px-lg-4">
        <Navbar.Brand as={Link} to={paths.home.getHref()}>
          {messages.common.appName}
        </Navbar.Brand>
        {/* In the bar on a phone too (beside the menu button), and after the user menu from xxl;
            between lg and xxl the areas and the e-mail fill the bar: it is in the user menu. */}
        <ScanButton className="btn scan-nav-button ms-auto me-2 d-lg-none d-xxl-inline-flex order-lg-last ms-lg-3 me-lg-0" />
        <Navbar.Toggle aria-controls="main-navbar" label={t.toggle} />
        <Navbar.Collapse id="main-navbar">
          <Nav className="me-auto">
            {LINKS.filter((link) => userCan(user, 'parts:write') || !PARTS_WRITE_LINKS.has(link.to)).map(
              (link) => {
                const current = currentFor(link, pathname);
                return (
                  <Nav.Link
                    key={link.to}
                    as={Link}
                    to={link.to}
                    eventKey={link.to}
                    active={current !== undefined}
                    aria-current={current}
                    className={'roomy' in link ? 'd-lg-none d-xl-flex' : undefined}
                  >
                    {link.label}
                  </Nav.Link>
                );
              },
            )}
          </Nav>
          <Nav className="user-nav">
            <NavDropdown
              id="user-menu"
              align="end"
              title={<span className="user-menu-title">{user.email}</span>}
            >
              {/* The full address, in case the bar had to shorten it. */}
              <div className="dropdown-item-text small text-body-secondary text-break">
                {t.signedInAs(user.email)}
              </div>
              <div className="dropdown-item-text small text-body-secondary">
                {messages.users.menu.role(user.role)}
              </div>
              <NavDropdown.Divider />
              <ScanButton menuItem className="d-none d-lg-block d-xxl-none" />
              {/* Like 'Utenti' below: a menu item takes no aria-current (axe: aria-allowed-attr). */}
              {ROOMY_LINKS.map((link) => (
                <NavDropdown.Item
                  key={link.to}
                  as={Link}
                  to={link.to}
                  className="d-none d-lg-block d-xl-none"
                >
                  {link.label}
                </NavDropdown.Item>
              ))}
              {MENU_LINKS.filter((link) => !link.writes || userCan(user, 'parts:write')).map((link) => (
                <NavDropdown.Item key={link.to} as={Link} to={link.to}>
                  {link.label}
                </NavDropdown.Item>
              ))}
              {userCan(user, 'users:manage') && (
                <NavDropdown.Item as={Link} to={paths.users.getHref()}>
                  {messages.users.menu.link}
                </NavDropdown.Item>
              )}
              {userCan(user, 'security-log:read') && (
                <NavDropdown.Item as={Link} to={paths.securityLog.getHref()}>
                  {messages.security.log.menu}
                </NavDropdown.Item>
              )}
              <NavDropdown.Item as={Link} to={paths.accountSecurity.getHref()}>
                {messages.security.account.menu}
              </NavDropdown.Item>
              <NavDropdown.Item as={Link} to={paths.changePassword.getHref()}>
                {messages.auth.changePassword.title}
              </NavDropdown.Item>
              <NavDropdown.Divider />
              <NavDropdown.Item as="button" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
                {t.signOut}
              </NavDropdown.Item>
            </NavDropdown>
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
