/**
 * The login banner: three scenes, auto-playing every 3000 ms, looping, dot
 * indicators that switch on click, no arrows, no pause on hover (embla + its autoplay plugin).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { CAROUSEL_INTERVAL_MS, styled } from '@xiaoba/shared';
import { BANNER_SCENES } from './BannerArt';

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export function Carousel() {
  const autoplay = useMemo(
    () =>
      Autoplay({
        delay: CAROUSEL_INTERVAL_MS,
        stopOnMouseEnter: false,
        stopOnInteraction: false,
        // Reduced motion: the slides still change, but by a cut rather than a slide.
        jump: prefersReducedMotion(),
      }),
    [],
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, duration: 30 }, [autoplay]);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  const show = useCallback(
    (index: number) => {
      setSelected(index);
      if (!embla) return;
      embla.scrollTo(index, prefersReducedMotion());
      // Restart the 3000 ms count so the chosen scene stays a full interval.
      embla.plugins().autoplay?.reset();
    },
    [embla],
  );

  return (
    <Region aria-roledescription="轮播图" aria-label="校巴风景">
      <Viewport ref={viewportRef}>
        <Track>
          {BANNER_SCENES.map((Scene, i) => (
            <Slide key={i} role="group" aria-roledescription="幻灯片" aria-label={`${i + 1} / ${BANNER_SCENES.length}`} aria-hidden={i !== selected}>
              <Scene />
            </Slide>
          ))}
        </Track>
      </Viewport>
      <Dots>
        {BANNER_SCENES.map((_, i) => (
          <Dot
            key={i}
            type="button"
            aria-label={`第${i + 1}张`}
            aria-current={i === selected ? 'true' : undefined}
            $active={i === selected}
            onClick={() => show(i)}
          />
        ))}
      </Dots>
    </Region>
  );
}

const Region = styled.section`
  position: relative;
  border-radius: 10px;
  overflow: hidden;
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.panel};
`;
const Viewport = styled.div`
  overflow: hidden;
`;
const Track = styled.div`
  display: flex;
  touch-action: pan-y pinch-zoom;
`;
const Slide = styled.div`
  flex: 0 0 100%;
  min-width: 0;
  aspect-ratio: 16 / 9;
  svg {
    display: block;
  }
`;
const Dots = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 6px;
  display: flex;
  justify-content: center;
  gap: 4px;
`;
const Dot = styled.button<{ $active: boolean }>`
  /* A 32px target around a small dot: easy to hit on a phone. */
  width: 32px;
  height: 32px;
  padding: 0;
  border: 0;
  background: transparent;
  cursor: pointer;
  &::before {
    content: '';
    display: block;
    margin: auto;
    width: ${(p) => (p.$active ? '22px' : '10px')};
    height: 10px;
    border-radius: 5px;
    border: 2px solid ${(p) => p.theme.colors.panel};
    background: ${(p) => (p.$active ? p.theme.colors.primary : p.theme.colors.panel)};
    transition: width 0.2s;
  }
`;
