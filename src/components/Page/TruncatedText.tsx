import { useLayoutEffect, useRef, useState, type ElementType } from 'react';

interface TruncatedTextProps {
  text: string;
  /** The element drawn; a span unless told (a page title is an h1). */
  as?: ElementType;
  className?: string;
  id?: string;
}

/**
 * Text on one line that ends in an ellipsis when too long. The full text is its title (shown on
 * hover) and, when cut, it takes the keyboard focus and shows in full while focused, so that a
 * keyboard user can read it too. Text that fits stays out of the tab order.
 */
export function TruncatedText({ text, as: Element = 'span', className, id }: TruncatedTextProps) {
  const ref = useRef<HTMLElement>(null);
  const [cut, setCut] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setCut(element.scrollWidth > element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);

  return (
    <Element ref={ref} id={id} className={['truncate', className].filter(Boolean).join(' ')} title={text} tabIndex={cut ? 0 : undefined}>
      {text}
    </Element>
  );
}
