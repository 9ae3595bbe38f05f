/** mf-home's page frame: a themed card (skins change at run time, so only theme tokens here). */
import { card, styled } from '@xiaoba/shared';

export const Panel = styled.section`
  ${card}
  padding: 16px 18px 20px;
  h1 {
    margin: 0 0 6px;
    font-size: 22px;
  }
  h2 {
    margin: 20px 0 8px;
    font-size: 17px;
  }
`;
