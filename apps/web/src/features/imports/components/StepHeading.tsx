import { useEffect, useRef, type ReactNode } from 'react';

interface StepHeadingProps {
  id: string;
  children: ReactNode;
  /**
   * Whether the heading takes the focus when the step appears: yes when the clerk's action led
   * there, so keyboard and screen reader users go on from the new step instead of from a button
   * that is gone; no on arrival, where the page's <h1> has it.
   */
  focus: boolean;
}

/** The heading of a step of the import. */
export function StepHeading({ id, children, focus }: StepHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const focusOnMount = useRef(focus);
  useEffect(() => {
    if (focusOnMount.current) heading.current?.focus({ preventScroll: false });
  }, []);
  return (
    <h2 id={id} ref={heading} tabIndex={-1} className="h4 import-step-title">
      {children}
    </h2>
  );
}
