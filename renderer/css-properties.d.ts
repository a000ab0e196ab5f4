import 'react';

/** The CSS custom properties the renderer sets from state (styles.css reads them). */
declare module 'react' {
  interface CSSProperties {
    /** The side panel's width: the split between the graph and the tabs (SplitHandle). */
    '--side-width'?: string;
  }
}
