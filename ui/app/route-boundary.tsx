import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteError } from './route-error';

type Props = { children: ReactNode; standalone: boolean; resetKey: string };
type State = { error: unknown; resetKey: string };

/** Catches what a route's page threw while rendering; another address starts afresh. */
class Boundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error ? (
      <RouteError error={this.state.error} standalone={this.props.standalone} />
    ) : (
      this.props.children
    );
  }
}

/**
 * The error page of the routes inside it: 'Can't reach Boon' when a page's code cannot be
 * fetched, an apology otherwise. Each navigation (even to the same address, as Retry does)
 * renders the page again.
 */
export const RouteBoundary = ({
  children,
  standalone = false,
}: {
  children: ReactNode;
  standalone?: boolean;
}) => (
  <Boundary resetKey={useLocation().key} standalone={standalone}>
    {children}
  </Boundary>
);
