/** Spec §9: the PDF viewer's zoom starts at 0.9 and moves in steps of 0.3. */
export const PDF_ZOOM_START = 0.9;
export const PDF_ZOOM_STEP = 0.3;
/** Zoom-in is disabled at this zoom or more. */
export const PDF_ZOOM_MAX = 3;
/** Zoom-out is disabled at this zoom or less. */
export const PDF_ZOOM_MIN = 0.1;
/** Spec §2.5 / §9: space between pages, in pixels. */
export const PDF_PAGE_SPACING = 16;

// One decimal place: repeated float steps (0.9 + 0.3 + …) must land exactly on the limits.
const round = (value: number) => Math.round(value * 10) / 10;

export const canZoomIn = (zoom: number) => zoom < PDF_ZOOM_MAX;
export const canZoomOut = (zoom: number) => zoom > PDF_ZOOM_MIN;

export function zoomIn(zoom: number): number {
  return canZoomIn(zoom) ? Math.min(PDF_ZOOM_MAX, round(zoom + PDF_ZOOM_STEP)) : zoom;
}

export function zoomOut(zoom: number): number {
  return canZoomOut(zoom) ? Math.max(PDF_ZOOM_MIN, round(zoom - PDF_ZOOM_STEP)) : zoom;
}
