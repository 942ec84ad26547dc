import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useDocumentTitle } from '../../../lib/use-document-title';

interface AuthCardProps {
  /** The card's heading, and the tab's title. */
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card body (to the other account screens). */
  footer?: ReactNode;
}

/** The centred card every account screen is drawn in. */
export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <Container>
      <Row className="justify-content-center">
        <Col xs={12} sm={10} md={7} lg={5} xl={4}>
          <Card className="shadow-sm">
            <Card.Body className="p-4">
              <h1 className="h3 mb-3">{title}</h1>
              {intro && <p className="text-body-secondary">{intro}</p>}
              {children}
            </Card.Body>
            {footer && <Card.Footer className="bg-transparent px-4 py-3">{footer}</Card.Footer>}
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
