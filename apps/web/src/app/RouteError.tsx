import { Component, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useLocation, type Location } from 'react-router';
import { common } from '../i18n/common';

const t = common.routeError;

/** Shown when a screen fails to load or render (e.g. its code changed with a new release). */
export function RouteError() {
  return (
    <Container className="py-5 text-center">
      <h1 className="mb-3">{t.title}</h1>
      <p className="text-body-secondary mb-4">{t.text}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {t.reload}
      </Button>
    </Container>
  );
}

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  /** The location the failure happened at: going elsewhere tries again. */
  location: Location;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { failed: false, location: props.location };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * Shows `RouteError` in place of the routes below it when one throws while loading or rendering,
 * until the clerk goes to another page (what a data router's `errorElement` does; the app uses the
 * lighter declarative router, router.tsx).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary location={location}>{children}</Boundary>;
}
