// The Element Timing API's attribute, which React passes through but its types do not list yet.
import 'react';

declare module 'react' {
  interface ImgHTMLAttributes<T> {
    elementtiming?: string;
  }
}
