/** Recent visitors in slides (3 per slide, up to 9 shown). */
import { VISITORS_PER_SLIDE, VISITORS_SHOWN, type Visitor } from '@xiaoba/shared';

export function visitorSlides(visitors: readonly Visitor[]): Visitor[][] {
  const shown = visitors.slice(0, VISITORS_SHOWN);
  const slides: Visitor[][] = [];
  for (let i = 0; i < shown.length; i += VISITORS_PER_SLIDE) slides.push(shown.slice(i, i + VISITORS_PER_SLIDE));
  return slides;
}
