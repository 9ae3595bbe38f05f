/** A medal's picture: its coloured disc and white shape, grey when not earned; named for screen readers. */
import { styled } from '@xiaoba/shared';
import { medalAlt, type Medal } from '@xiaoba/shared/space-features';

export function MedalPicture({ medal, earned, size = 34 }: { medal: Medal; earned: boolean; size?: number }) {
  const alt = medalAlt(medal, earned);
  return (
    <Svg role="img" aria-label={alt} width={size} height={size} viewBox="0 0 20 20" className={earned ? 'earned' : undefined}>
      <title>{alt}</title>
      <circle cx="10" cy="10" r="9.5" fill={medal.image.color} />
      <circle cx="10" cy="10" r="8" fill="none" stroke="#ffffff" strokeOpacity=".55" />
      <path d={medal.image.shape} fill="#ffffff" />
    </Svg>
  );
}

const Svg = styled.svg`
  display: block;
  flex: none;
  /* Not earned: grey and faded, but each medal still reads as its own picture. */
  &:not(.earned) {
    filter: grayscale(1);
    opacity: 0.55;
  }
`;
