import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { messages } from '../../../i18n';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DashboardIcon } from '../components/DashboardIcon';

const t = messages.dashboard;

const CARDS = [
  { to: paths.parts.getHref(), icon: 'list', ...t.cards.list },
  { to: paths.addPart.getHref(), icon: 'add', ...t.cards.add },
  { to: paths.warehouse.getHref(), icon: 'warehouse', ...t.cards.warehouse },
  { to: paths.categories.getHref(), icon: 'categories', ...t.cards.categories },
] as const;

/** The home screen: four cards leading to the four areas of the warehouse. */
export default function DashboardPage() {
  useDocumentTitle(t.title);
  return (
    <Container>
      <h1>{t.title}</h1>
      <p className="lead text-body-secondary mb-4">{t.intro}</p>
      <Row xs={1} sm={2} xl={4} className="g-4">
        {CARDS.map((card) => (
          <Col key={card.to}>
            <Card className="dashboard-card h-100 shadow-sm">
              <Card.Body>
                <div className="dashboard-card-icon mb-3">
                  <DashboardIcon name={card.icon} />
                </div>
                <h2 className="h5 card-title">
                  <Link to={card.to} className="stretched-link">
                    {card.title}
                  </Link>
                </h2>
                <Card.Text className="text-body-secondary">{card.text}</Card.Text>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </Container>
  );
}
